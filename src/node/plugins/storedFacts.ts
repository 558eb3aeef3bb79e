import { readFirstLine } from "../cache";
import type { StoredPage } from "../bundle/storedPage";
import type { PageFacts } from "../markdown/facts";
import type { StoredFacts } from "./types";

/**
 * The facts of a page the build stored (EmitFilesArgs.storedFactsOf), read where they are needed,
 * on any thread: the first line of the page's compile-cache entry holds them, the second its search
 * sections (bundle/storedPage.ts). An entry that is gone or unreadable (removed while the build
 * ran) is an error naming its file.
 */
export function readStoredFacts(stored: StoredFacts): PageFacts {
  let entry: Partial<StoredPage> | null;
  let sections: Pick<StoredPage, "searchSections"> | undefined;
  try {
    const { text, hasBreak } = readFirstLine(stored.file, 2);
    const cut = text.indexOf("\n");
    entry = JSON.parse(cut < 0 ? text : text.slice(0, cut)) as Partial<StoredPage> | null;
    if (hasBreak && cut >= 0) sections = JSON.parse(text.slice(cut + 1)) as Pick<StoredPage, "searchSections">;
  } catch (error) {
    throw new Error(`${stored.file}: a compiled page's stored facts could not be read (${(error as Error).message}); build again`, { cause: error });
  }
  if (!entry?.facts || !Array.isArray(sections?.searchSections)) throw new Error(`${stored.file}: this compile-cache entry holds no page facts; build again`);
  return { ...entry.facts, searchSections: sections.searchSections };
}
