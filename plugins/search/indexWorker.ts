import { parentPort, workerData } from "node:worker_threads";
import { buildIndexKeepingTerms } from "./termCache";
import type { SearchPageInput } from "./types";

// The search index of the pages sent, as the build's main thread would build it (see indexThread.ts).
const { pages, cacheDir } = workerData as { pages: SearchPageInput[]; cacheDir?: string };
const { files, storeTerms } = buildIndexKeepingTerms(pages, cacheDir);
parentPort!.postMessage(files);
storeTerms();
