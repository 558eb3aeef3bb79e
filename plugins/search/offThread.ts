import { Worker } from "node:worker_threads";
import { buildSearchIndex } from "./buildIndex";
import type { SearchPageInput } from "./types";

/**
 * The index thread's module. Only the compiled commands have it (scripts/run.mjs bundles it beside
 * them as dist/searchIndexWorker.mjs); from the TypeScript sources (tests) the index is built on
 * the calling thread.
 */
const WORKER_FILE = import.meta.url.endsWith(".mjs") ? new URL("./searchIndexWorker.mjs", import.meta.url) : undefined;

/**
 * buildSearchIndex on a thread of its own: it needs only the pages' compiled text, so it runs
 * while the build renders pages, on the core the compile threads have left (0.2 s of this site's
 * build, 1.3 s of a 2,000-page one, that were on the critical path after the render).
 */
export function buildSearchIndexOffThread(pages: SearchPageInput[]): Promise<Map<string, string | Uint8Array>> {
  if (!WORKER_FILE) return Promise.resolve().then(() => buildSearchIndex(pages));
  const worker = new Worker(WORKER_FILE);
  return new Promise((resolve, reject) => {
    worker.once("message", (files: [string, string | Uint8Array][]) => {
      resolve(new Map(files));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`search: the index thread stopped (exit code ${code}) before it finished`)));
    worker.postMessage(pages);
  });
}
