import { parentPort, workerData } from "node:worker_threads";
import { buildSearchIndex } from "./buildIndex";
import { openPageTermsCache } from "./termCache";
import type { SearchPageInput } from "./types";

// The search index of the pages sent, as the build's main thread would build it (see indexThread.ts);
// the words counted are stored after the files are sent, while the build goes on.
const { pages, cacheDir } = workerData as { pages: SearchPageInput[]; cacheDir?: string };
const cache = cacheDir === undefined ? undefined : openPageTermsCache(cacheDir);
parentPort!.postMessage(buildSearchIndex(pages, { termCache: cache }));
cache?.save();
