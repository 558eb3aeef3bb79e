import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { buildIndexKeepingTerms } from "./termCache";
import type { SearchPageInput } from "./types";

/** Running from scripts/run.mjs's bundle (dist/*.mjs), where the index thread's module sits beside this code. */
const COMPILED = import.meta.url.endsWith(".mjs");

/**
 * From this many pages the index is built on a thread of its own, while the build renders. A
 * 2,000-page index costs the main thread 1.8 s (its words counted, their postings encoded), which
 * a rebuild of one page used to wait for; starting the thread and sending it the pages' sections
 * costs about 0.1 s.
 */
export const SEARCH_THREAD_MIN_PAGES = 200;

/** `BUILD_SEARCH_THREAD=1` builds on a thread for any number of pages; `=0` (or `BUILD_WORKERS=0`) never does. */
function wantsThread(pages: number): boolean {
  const setting = process.env.BUILD_SEARCH_THREAD;
  if (!COMPILED || setting === "0" || process.env.BUILD_WORKERS === "0") return false;
  return setting === "1" || (pages >= SEARCH_THREAD_MIN_PAGES && availableParallelism() > 1);
}

export interface SearchIndexBuild {
  files: Promise<Map<string, string | Uint8Array>>;
  /** Settles once the pages' counted words are stored for the next build (or storing gave up). */
  stored: Promise<void>;
}

/**
 * buildSearchIndex's files, built on a thread of their own for a large site; the same files either
 * way. With a cache folder, pages' words counted by the last build are taken from there, and this
 * build's are stored there after the files are handed over.
 */
export function searchIndexFiles(pages: SearchPageInput[], cacheDir?: string): SearchIndexBuild {
  if (!wantsThread(pages.length)) {
    const { files, storeTerms } = buildIndexKeepingTerms(pages, cacheDir);
    storeTerms();
    return { files: Promise.resolve(files), stored: Promise.resolve() };
  }
  const worker = new Worker(new URL("./searchIndexWorker.mjs", import.meta.url), { workerData: { pages, cacheDir } });
  const files = new Promise<Map<string, string | Uint8Array>>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`search: the index thread stopped before it was done (exit code ${code})`)));
  });
  // The thread stores the words once the files are sent, then ends.
  const stored = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return { files, stored };
}
