import path from "node:path";
import { GENERATOR_DIR } from "../generatorDir";

/** The app's entry modules: the browser's, and the server's that renders pages. */
export const CLIENT_ENTRY = path.join(GENERATOR_DIR, "src/client/entry.tsx");
export const SERVER_ENTRY = path.join(GENERATOR_DIR, "src/client/serverEntry.tsx");
