// Preloaded with `node --import <file URL of this file>` for doc tests that import PGlite: it
// registers pgliteRedirect.mjs, which hands the example pgliteFromTemplate.mjs instead.
import { register } from "node:module";

register("./pgliteRedirect.mjs", import.meta.url);
