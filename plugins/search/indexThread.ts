import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { buildIndexKeepingFiles, openPageTermsCache } from "./termCache";
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
export function wantsSearchThread(pages: number): boolean {
  const setting = process.env.BUILD_SEARCH_THREAD;
  if (!COMPILED || setting === "0" || process.env.BUILD_WORKERS === "0") return false;
  return setting === "1" || (pages >= SEARCH_THREAD_MIN_PAGES && availableParallelism() > 1);
}

/** The index's files, but for those the last output holds with the same bytes: those are named in `kept`. */
export interface SearchIndexOutput {
  files: Map<string, string | Uint8Array>;
  kept: string[];
}

export interface SearchIndexBuild {
  output: Promise<SearchIndexOutput>;
  /** Settles once the pages' counted words are stored for the next build (or storing gave up). */
  stored: Promise<void>;
}

/** An index thread started before its pages are known. */
export interface SearchThread {
  /** Sends the pages; the thread builds their index, hands the files over, stores the words and ends. */
  build(pages: SearchPageInput[], previous: ReadonlyMap<string, string>): SearchIndexBuild;
  /** Ends a thread that will get no pages. */
  discard(): void;
}

/**
 * Starts an index thread now: it loads its code and the words the last build counted (half a
 * second of a 2,000-page rebuild) while the build compiles the pages whose sections it then gets.
 * Until then it keeps no process alive, so a build that fails first still ends.
 */
export function startSearchThread(cacheDir?: string): SearchThread {
  const worker = new Worker(new URL("./searchIndexWorker.mjs", import.meta.url), { workerData: { cacheDir } });
  worker.unref();
  const output = new Promise<SearchIndexOutput>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`search: the index thread stopped before it was done (exit code ${code})`)));
  });
  // Held by build(): a thread discarded or failing before it has pages must not leave it unhandled.
  output.catch(() => undefined);
  // The thread stores the words once the files are sent, then ends.
  const stored = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    build(pages, previous) {
      worker.ref();
      worker.postMessage({ pages, previous });
      return { output, stored };
    },
    discard() {
      void worker.terminate();
    },
  };
}

/**
 * buildSearchIndex's files, built on a thread of their own for a large site (`started` when the
 * build started one early); the same files either way, less those `previous` (the last output's
 * files, by name, with their bytes' hashes) holds as they are. With a cache folder, pages' words
 * counted by the last build are taken from there, and this build's are stored there after the
 * files are handed over.
 */
export function searchIndexFiles(pages: SearchPageInput[], cacheDir?: string, started?: SearchThread, previous: ReadonlyMap<string, string> = new Map()): SearchIndexBuild {
  if (!wantsSearchThread(pages.length)) {
    started?.discard();
    const { files, kept, storeTerms } = buildIndexKeepingFiles(pages, cacheDir === undefined ? undefined : openPageTermsCache(cacheDir), previous);
    storeTerms();
    return { output: Promise.resolve({ files, kept }), stored: Promise.resolve() };
  }
  return (started ?? startSearchThread(cacheDir)).build(pages, previous);
}
