import { parentPort, workerData } from "node:worker_threads";
import { buildIndexKeepingFiles, openPageTermsCache } from "./termCache";
import type { SearchPageInput } from "./types";

// The search index of the pages sent, as the build's main thread would build it (see indexThread.ts).
// The words the last build counted are read first, while the build is still compiling the pages.
const { cacheDir } = workerData as { cacheDir?: string };
const cache = cacheDir === undefined ? undefined : openPageTermsCache(cacheDir);
parentPort!.once("message", ({ pages, previous }: { pages: SearchPageInput[]; previous: ReadonlyMap<string, string> }) => {
  const { files, kept, storeTerms } = buildIndexKeepingFiles(pages, cache, previous);
  parentPort!.postMessage({ files, kept });
  storeTerms();
});
