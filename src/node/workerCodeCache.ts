import { Worker } from "node:worker_threads";

/**
 * The global a worker started by startCachedWorker finds its code cache's state under: whether V8
 * took the stored cache, and `ready()`, which the bundle calls once it has run its warm-up, so the
 * cache it stores holds the functions compiled by then (V8 compiles most functions on first call).
 */
export const CODE_CACHE_STATE = "graphile-docs.code-cache";

export interface CodeCacheState {
  accepted: boolean;
  ready(): void;
}

/** The state a cached worker's bundle was started with; undefined in a worker started any other way. */
export function codeCacheState(): CodeCacheState | undefined {
  return (globalThis as Record<symbol, CodeCacheState | undefined>)[Symbol.for(CODE_CACHE_STATE)];
}

/**
 * Runs in the worker (CommonJS, as an eval'd script): loads the bundle through a vm.Script with
 * V8's code cache from `dir`, named by Node's version and the bundle's text, checked against the
 * digest stored before it. Node 20 has no compile cache of its own (module.enableCompileCache came
 * in 22). A missing, damaged or rejected cache only costs the compile it would have saved; the
 * bundle then stores a new one when it calls ready(), and the last one is removed.
 */
const BOOT = `
const { threadId, workerData } = require("node:worker_threads");
const { isAscii } = require("node:buffer");
const { createHash } = require("node:crypto");
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");
const { bundle, dir } = workerData.codeCache;
// Read as bytes: scripts/run.mjs makes the bundle ASCII, which Latin-1 turns into a string at once
// (Node 20's UTF-8 decoding of its 2 MB took 40-70 ms, the bytes' hash 2 ms against 17 for the text's).
// In a block, so the bytes, the text and the cached data are not kept for the thread's life.
const DIGEST_BYTES = 32;
let name, script, accepted;
{
  const bytes = readFileSync(bundle);
  const code = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  name = createHash("sha256").update(process.version + " " + process.arch + "\\0").update(bytes).digest("hex").slice(0, 32) + ".bin";
  let cachedData;
  try {
    const stored = readFileSync(path.join(dir, name));
    const data = stored.subarray(DIGEST_BYTES);
    if (createHash("sha256").update(data).digest().equals(stored.subarray(0, DIGEST_BYTES))) cachedData = data;
  } catch {}
  // Dynamic import() from the bundle goes to Node's own loader, as it would from a module file.
  script = new vm.Script(Module.wrap(code), { filename: bundle, cachedData, importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  accepted = cachedData !== undefined && !script.cachedDataRejected;
}
let stored = accepted;
globalThis[Symbol.for(${JSON.stringify(CODE_CACHE_STATE)})] = {
  accepted,
  ready() {
    if (stored) return;
    stored = true;
    try {
      mkdirSync(dir, { recursive: true });
      const data = script.createCachedData();
      const temporary = path.join(dir, name + "." + process.pid + "-" + threadId + ".tmp");
      writeFileSync(temporary, Buffer.concat([createHash("sha256").update(data).digest(), data]));
      renameSync(temporary, path.join(dir, name));
      for (const other of readdirSync(dir)) if (other !== name && other.endsWith(".bin")) rmSync(path.join(dir, other), { force: true });
    } catch {}
  },
};
const module_ = { exports: {} };
script.runInThisContext().call(module_.exports, module_.exports, Module.createRequire(bundle), module_, bundle, path.dirname(bundle));
`;

/**
 * A worker running a CommonJS bundle with V8's code cache kept in `cacheDir`. Loading the Markdown
 * toolchain and compiling the warm-up page took 406-446 ms in a process of its own from the ES
 * module bundle, 299-320 ms from this one with its cache; this site's cold build, alternated four
 * times, 5.70-6.14 -> 5.42-5.60 s. `workerData` reaches the bundle as given.
 */
export function startCachedWorker(bundle: string, cacheDir: string, workerData: Record<string, unknown>): Worker {
  return new Worker(BOOT, { eval: true, workerData: { ...workerData, codeCache: { bundle, dir: cacheDir } } });
}
