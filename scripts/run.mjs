// Starts a command (build, serve, dev, docs-version) from compiled JavaScript.
//
//   node scripts/run.mjs build [--site DIR] …     what `npm run build` runs
//   node scripts/run.mjs --compile                 only (re)compile, as `npm install` does
//
// The commands are TypeScript. Loading them through a TypeScript loader costs seconds on every
// start (each module is transformed in a loader thread); esbuild bundles them once into dist/
// in about a tenth of that. dist/inputs.json lists every source file the bundle was made from:
// when any of them is newer than the bundle (or gone), the next start bundles again, so an edit
// never runs stale code.
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { speedPatchesPlugin } from "./speedPatches.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");
const INPUTS = path.join(DIST, "inputs.json");
/** Each command's source; the render and search-index workers are loaded by file name from the compiled build. */
const ENTRIES = {
  build: "scripts/build.ts",
  serve: "scripts/serve.ts",
  dev: "scripts/dev.ts",
  "docs-version": "scripts/docs-version.ts",
  renderWorker: "src/node/build/renderWorker.ts",
  searchIndexWorker: "plugins/search/indexWorker.ts",
};
/** The compile thread's source, bundled on its own as CommonJS (see compile()). */
const COMPILE_WORKER = "src/node/markdown/compileWorker.ts";
// Left to Node's own resolution: native or WebAssembly packages, and those that find their own files next to their
// code through import.meta.url (PGlite reads pglite.data and pglite.wasm beside its module).
const EXTERNAL = ["@electric-sql/pglite", "@electric-sql/pglite/*", "vite", "@vitejs/plugin-react", "tsx", "tsx/*", "esbuild", "prismjs", "prismjs/*", "lightningcss", "rolldown", "react", "react-dom", "react-dom/*"];
const COMMANDS = Object.keys(ENTRIES).filter((name) => !name.endsWith("Worker"));

/** True when dist/ is missing or older than any file it was compiled from (this script included). */
function isStale() {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(INPUTS, "utf8"));
  } catch {
    return true;
  }
  const builtAt = recorded.builtAt;
  for (const file of [...recorded.files, "scripts/run.mjs", "scripts/speedPatches.mjs", "package.json", "node_modules/.package-lock.json"]) {
    try {
      if (statSync(path.join(ROOT, file)).mtimeMs > builtAt) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** Bundles every entry into a fresh folder, then swaps it in, so a concurrent start never sees half a dist/. */
async function compile() {
  const esbuild = await import("esbuild");
  const startedAt = Date.now();
  const staging = `${DIST}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, path.join(ROOT, source)])),
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Packages are bundled too: Node loads one file far faster than the hundreds of small ES
    // modules zod, js-yaml or the Markdown toolchain are made of. These stay as installed: they
    // find their own files or native binaries at run time, or load other code themselves.
    external: EXTERNAL,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    chunkNames: "[name]-[hash]",
    metafile: true,
    plugins: [speedPatchesPlugin],
    logLevel: "error",
  });
  // The compile thread's code as one CommonJS file, which its thread loads through V8's code cache
  // (src/node/workerCodeCache.ts): Node 20 keeps no compiled code for ES modules.
  const worker = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, COMPILE_WORKER)],
    outfile: path.join(staging, "compileWorker.cjs"),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    external: EXTERNAL,
    define: { "import.meta.url": "__importMetaUrl" },
    banner: { js: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
    metafile: true,
    plugins: [speedPatchesPlugin],
    logLevel: "error",
  });
  // esbuild escapes non-ASCII characters everywhere but in comments: escaped there too, the bundle is
  // ASCII, which its thread turns into a string far faster than UTF-8 (src/node/workerCodeCache.ts).
  const workerBundle = path.join(staging, "compileWorker.cjs");
  writeFileSync(workerBundle, readFileSync(workerBundle, "utf8").replace(/[^\x00-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`));
  const inputs = new Set([...Object.keys(result.metafile.inputs), ...Object.keys(worker.metafile.inputs)]);
  const files = [...inputs].filter((file) => !file.includes("node_modules"));
  // The start time, not the end: a source saved while bundling is newer and triggers the next compile.
  writeFileSync(path.join(staging, "inputs.json"), JSON.stringify({ builtAt: startedAt, files }));
  rmSync(DIST, { recursive: true, force: true });
  try {
    renameSync(staging, DIST);
  } catch (error) {
    // Another start compiled at the same moment and won the rename: its dist/ is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(INPUTS)) throw error;
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command !== "--compile" && !COMMANDS.includes(command)) {
  console.error(`Usage: node scripts/run.mjs <${COMMANDS.join("|")}> [options]  (got ${JSON.stringify(command ?? "")})`);
  process.exit(1);
}
if (command === "--compile" || isStale()) await compile();
if (command !== "--compile") {
  // V8 hands a function to its optimizing compiler (on helper threads) after it has run a budget
  // of bytecode. A build is a few seconds of much code run a little: at V8's default budget those
  // helper threads took about a fifth of a cold build's CPU on this 2-core machine, compiling
  // code the build was nearly done with. At 500,000 (default 67,584), alternated five times: this
  // site's cold build 4.85 -> 4.33 s (CPU 8.3 -> 7.3 s); the 2,000-page one-page rebuild's CPU
  // 4.9 -> 4.5 s. The loops that run long (the Markdown parse) are still optimized, a little later.
  // Set before the command loads, so every function and worker thread counts against it.
  setFlagsFromString("--interrupt-budget=500000");
  // A young-generation collection (scavenge) works on helper threads beside the one it stops. A
  // build's own threads keep both cores of this machine busy, so the helpers wait for a core and
  // the stopped thread with them; the main thread of a 2,000-page one-page rebuild spent 0.5 s in
  // 33 scavenges. One thread each, alternated thirteen times: that rebuild faster in 12 pairs,
  // medians 3.33 -> 3.18 s (CPU 4.0 -> 3.8 s); this site's cold build the same (four pairs split
  // two and two). Only for the build: the dev server mostly waits, and leaves the cores free.
  if (command === "build") setFlagsFromString("--no-parallel-scavenge");
  // Rolldown's allocator (mimalloc) asks the kernel for 2 MB pages where it may. Each one is zeroed
  // in full on first touch, and in this machine's VM a page never touched before is slow to get:
  // `perf` put 0.69 s of a 4.9 s cold build of this site in Rolldown's threads zeroing pages
  // (clear_page_erms), more than its 0.52 s of bundling. With 4 KB pages only what it touches is
  // zeroed. Alternated eight times each way: this site's cold build faster in 7 of 8 pairs (wall
  // medians 2.56 -> 2.17 and 2.36 -> 2.25 s, CPU 4.4 -> 3.7 and 4.0 -> 3.8 s); 2,000 pages
  // 13.3 -> 12.9 s and peak memory 760 -> 620 MB. Read by mimalloc when Rolldown loads, so set
  // before the command does; a value in the environment wins.
  process.env.MIMALLOC_ALLOW_THP ??= "0";
  // The command reads its own arguments from process.argv, as it would if started directly.
  process.argv = [process.argv[0], path.join(DIST, `${command}.mjs`), ...rest];
  await import(pathToFileURL(path.join(DIST, `${command}.mjs`)).href);
}
