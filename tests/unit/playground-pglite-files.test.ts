/**
 * The build hands PGlite's modules to the bundler with their file URLs as `?url` imports
 * (src/node/bundle/playgroundPlugin.ts), so Vite's asset plugin resolves them without scanning
 * each module with a tokenizer first. Every URL must keep pointing at the same file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pgliteFileImports } from "../../src/node/bundle/playgroundPlugin";

/** A `new URL("…", import.meta.url)` whose first argument is still a string: what Vite's scan would look for. */
const LITERAL_FILE_URL = /new URL\(\s*(["'`])[^"'`]*\1\s*,\s*import\.meta\.url/;

describe("PGlite's file URLs as imports", () => {
  it("turns each file URL into a use of one import per file, in both spellings PGlite uses", () => {
    const code = [
      'import{a as x}from"./chunk-A.js";',
      'var w=()=>new URL("./pglite.wasm",import.meta.url);',
      "var d=new URL('pglite.data',import.meta.url);",
      'var again=new URL("pglite.wasm", import.meta.url).href;',
    ].join("");
    const rewritten = pgliteFileImports(code);
    expect(rewritten).toBe(
      'import __pgliteFile0 from "./pglite.wasm?url";import __pgliteFile1 from "./pglite.data?url";' +
        'import{a as x}from"./chunk-A.js";' +
        "var w=()=>new URL(__pgliteFile0, import.meta.url);" +
        "var d=new URL(__pgliteFile1, import.meta.url);" +
        "var again=new URL(__pgliteFile0, import.meta.url).href;",
    );
  });

  it("leaves a module naming no .wasm or .data file by a literal URL as it is", () => {
    expect(pgliteFileImports('const u=new URL(name,import.meta.url);const s=new URL("./style.css",import.meta.url);')).toBeUndefined();
    expect(pgliteFileImports("export const version = '0.3.0';")).toBeUndefined();
  });

  it("leaves no literal file URL in the installed PGlite's modules, and imports the three files it ships", () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const imported = new Set<string>();
    for (const file of readdirSync(dist).filter((name) => name.endsWith(".js"))) {
      const code = readFileSync(path.join(dist, file), "utf8");
      const rewritten = pgliteFileImports(code) ?? code;
      expect(LITERAL_FILE_URL.test(rewritten), file).toBe(false);
      for (const match of rewritten.matchAll(/import __pgliteFile\d+ from "\.\/([^"?]+)\?url"/g)) imported.add(match[1]);
    }
    expect([...imported].sort()).toEqual(["initdb.wasm", "pglite.data", "pglite.wasm"]);
  });
});
