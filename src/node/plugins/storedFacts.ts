import { readFirstLine } from "../cache";
import type { PageFacts } from "../markdown/facts";
import type { StoredFacts } from "./types";

/**
 * The facts of a page the build stored (EmitFilesArgs.storedFactsOf), read where they are needed,
 * on any thread: the first line of the page's compile-cache entry holds them. An entry that is
 * gone or unreadable (removed while the build ran) is an error naming its file.
 */
export function readStoredFacts(stored: StoredFacts): PageFacts {
  let entry: { facts?: PageFacts } | null;
  try {
    entry = JSON.parse(readFirstLine(stored.file).text) as { facts?: PageFacts } | null;
  } catch (error) {
    throw new Error(`${stored.file}: a compiled page's stored facts could not be read (${(error as Error).message}); build again`, { cause: error });
  }
  if (!entry?.facts) throw new Error(`${stored.file}: this compile-cache entry holds no page facts; build again`);
  return entry.facts;
}
