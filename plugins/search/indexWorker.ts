import { parentPort, workerData } from "node:worker_threads";
import { buildSearchIndex } from "./buildIndex";
import { openPageTermsCache } from "./termCache";
import type { SearchPageInput } from "./types";

// The search index of the pages sent, as the build's main thread would build it (see indexThread.ts).
// The words the last build counted are read first, while the build is still compiling the pages.
const { cacheDir } = workerData as { cacheDir?: string };
const cache = cacheDir === undefined ? undefined : openPageTermsCache(cacheDir);
parentPort!.once("message", (pages: SearchPageInput[]) => {
  parentPort!.postMessage(buildSearchIndex(pages, { termCache: cache }));
  cache?.save();
});
