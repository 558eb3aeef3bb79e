import { parentPort, workerData } from "node:worker_threads";
import { buildSearchIndex } from "./buildIndex";
import type { SearchPageInput } from "./types";

// The search index of the pages sent, as the build's main thread would build it (see indexThread.ts).
parentPort!.postMessage(buildSearchIndex(workerData as SearchPageInput[]));
