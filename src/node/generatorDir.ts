import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of this package: where the runtime (src/) lives, whichever site is being built. */
export const GENERATOR_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
