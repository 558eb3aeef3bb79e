import { readFileSync } from "node:fs";
import path from "node:path";
import { GENERATOR_DIR } from "./generatorDir";

/** This generator's version: the package version, reported in every page's generator meta tag. */
export const GENERATOR_VERSION: string = JSON.parse(readFileSync(path.join(GENERATOR_DIR, "package.json"), "utf8")).version;
