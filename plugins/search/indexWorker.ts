import { parentPort } from "node:worker_threads";
import { buildSearchIndex } from "./buildIndex";
import type { SearchPageInput } from "./types";

/** Builds one search index from the pages it is sent (plain data) and sends back its files. */
parentPort!.once("message", (pages: SearchPageInput[]) => {
  parentPort!.postMessage([...buildSearchIndex(pages)]);
});
