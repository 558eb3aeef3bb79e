/**
 * The build hands PGlite's modules to the bundler with their file URLs as `?url` imports
 * (src/node/bundle/playgroundPlugin.ts), so Vite never scans each module with a tokenizer first,
 * and places those files in the output itself, named by their bytes (src/node/bundle/pgliteFiles.ts).
 * Every URL must keep pointing at the same file, and a changed file must get a new address.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteFileImports, pgliteFileOfUrlImport, placedFileName, placeFiles } from "../../src/node/bundle/pgliteFiles";

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

describe("PGlite's files placed by the build", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pglite-files-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes only ?url imports of PGlite's .wasm and .data files", () => {
    const dist = "/site/node_modules/@electric-sql/pglite/dist";
    expect(pgliteFileOfUrlImport(`${dist}/pglite.wasm?url`)).toBe(`${dist}/pglite.wasm`);
    expect(pgliteFileOfUrlImport(`${dist}/pglite.data?url`)).toBe(`${dist}/pglite.data`);
    expect(pgliteFileOfUrlImport(`${dist}/pglite.wasm`)).toBeUndefined();
    expect(pgliteFileOfUrlImport(`${dist}/index.js?url`)).toBeUndefined();
    expect(pgliteFileOfUrlImport("/site/src/images/logo.wasm?url")).toBeUndefined();
  });

  it("names a file by its bytes, and copies it there", () => {
    const source = path.join(dir, "pglite.wasm");
    writeFileSync(source, "first build's bytes");
    const first = placedFileName(source);
    const digest = createHash("sha256").update("first build's bytes").digest("hex");
    expect(first).toBe(`assets/pglite-${digest.slice(0, 10)}.wasm`);
    expect(placedFileName(source)).toBe(first);
    // A new PGlite: other bytes (and another size), so browsers holding the old file fetch the new one.
    writeFileSync(source, "a newer release's bytes");
    const second = placedFileName(source);
    expect(second).not.toBe(first);
    const out = path.join(dir, "out");
    placeFiles(new Map([[source, second]]), out);
    expect(readFileSync(path.join(out, second), "utf8")).toBe("a newer release's bytes");
  });
});
