import { readFileSync } from "node:fs";

/** This generator's version: the package version, reported in every page's generator meta tag. */
export const GENERATOR_VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;
