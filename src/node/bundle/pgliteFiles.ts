import { createHash } from "node:crypto";
import { closeSync, copyFileSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";

/** PGlite's own modules, which name their WebAssembly and data files beside them. */
export const PGLITE_MODULE = /[\\/]@electric-sql[\\/]pglite[\\/]dist[\\/][^\\/]+\.js$/;
/** `new URL("./pglite.wasm", import.meta.url)` as PGlite's minified modules write it, for its .wasm and .data files. */
const PGLITE_FILE_URL = /new URL\((["'])(?:\.\/)?([\w.-]+\.(?:wasm|data))\1,\s*import\.meta\.url\)/g;
/** A `?url` import of one of PGlite's .wasm or .data files, as Vite resolves it. */
export const PGLITE_FILE_URL_IMPORT = /^(.*[\\/]@electric-sql[\\/]pglite[\\/]dist[\\/][\w.-]+\.(?:wasm|data))\?url$/;

/**
 * A PGlite module with its file URLs (`new URL("./initdb.wasm", import.meta.url)`) as `?url`
 * imports of the same files; undefined when it names none. Vite's plugin for the first form
 * runs a JavaScript tokenizer over the whole module before it looks for them (strip-literal):
 * 0.3 s of a cold build's main thread for PGlite's 475 KB of minified code.
 */
export function pgliteFileImports(code: string): string | undefined {
  const names = new Map<string, string>();
  const rewritten = code.replace(PGLITE_FILE_URL, (_url, _quote, file: string) => {
    let name = names.get(file);
    if (name === undefined) names.set(file, (name = `__pgliteFile${names.size}`));
    return `new URL(${name}, import.meta.url)`;
  });
  if (names.size === 0) return undefined;
  return [...names].map(([file, name]) => `import ${name} from ${JSON.stringify(`./${file}?url`)};`).join("") + rewritten;
}

/** The file a module id asks the URL of, when it is one of PGlite's .wasm or .data files. */
export function pgliteFileOfUrlImport(id: string): string | undefined {
  return PGLITE_FILE_URL_IMPORT.exec(id)?.[1];
}

/**
 * PGlite's files the build places in its output itself, by source path: their names there
 * (`assets/…`). One map for a client bundle and its worker's: the worker's modules ask for the
 * URLs, the client bundle copies the files when it writes.
 */
export type PlacedFiles = Map<string, string>;

/**
 * The sha256 of a file's bytes, read a megabyte at a time into one buffer: reading 15 MB into a
 * fresh buffer first (fs.promises.readFile) cost 0.07 s more, most of it the memory's first touch.
 */
function digestOf(file: string): string {
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const fd = openSync(file, "r");
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

/** Names already worked out, by the file's path, size and time: a process builds more than once (tests, the dev server's builds). */
const knownNames = new Map<string, string>();

/**
 * The name of one of PGlite's files in the output: its own name and the start of its bytes'
 * sha256, so a new PGlite gets new addresses. Through the bundler, its 15 MB were read into
 * JavaScript, handed to Rolldown, copied back for Vite's plugins and written: about 0.27 s of a
 * cold build's main thread; this reads and hashes them once (about 0.02 s) and copies each file
 * in the kernel.
 */
export function placedFileName(file: string): string {
  const stats = statSync(file);
  const key = `${file}\0${stats.size}\0${stats.mtimeMs}`;
  let name = knownNames.get(key);
  if (name === undefined) {
    const hash = digestOf(file).slice(0, 10);
    const extension = path.extname(file);
    name = `assets/${path.basename(file, extension)}-${hash}${extension}`;
    knownNames.set(key, name);
  }
  return name;
}

/** Copies the placed files into the bundle's output folder. */
export function placeFiles(placed: PlacedFiles, outDir: string): void {
  for (const [file, name] of placed) {
    const target = path.join(outDir, name);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}
