/** Node's `util` for the packages bundled into the playground worker: `inspect` (pg-sql2 prints with it) and `format`. */
import { format, inspect } from "../inspect";

export { format, inspect };
export default { format, inspect };
