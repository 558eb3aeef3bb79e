import type { SearchSection } from "../../core/search/types";
import type { CompiledPage } from "../markdown/compile";
import type { PageFacts } from "../markdown/facts";

/**
 * A compiled page as the compile cache keeps it: its search sections out of its facts, on a line of
 * their own between the facts and the module (DiskCache.setSplit's `between`). A rebuild reads
 * every page's facts and needs no page's sections on its main thread (the search index's thread
 * reads those it needs): parsed with the facts, 2,000 pages' sections were 13 of their 30 MB, and
 * kept alive to the end they were a third of that thread's heap and of its collections' work.
 */
export type StoredPage = Omit<CompiledPage, "facts"> & { facts: Omit<PageFacts, "searchSections">; searchSections: SearchSection[] };

/** The fields only the page's module needs, on the entry's last line. */
export const MODULE_FIELDS = ["code", "deferredHtml"] as const satisfies readonly (keyof StoredPage)[];
/** The fields only the search index needs, on the line before. */
export const SECTION_FIELDS = ["searchSections"] as const satisfies readonly (keyof StoredPage)[];

export function storedPage(page: CompiledPage): StoredPage {
  const { searchSections, ...facts } = page.facts;
  return { ...page, facts, searchSections };
}

/** The page a stored one is, its facts' sections read from the entry when first used (see copyFacts). */
export function pageOfStored(stored: StoredPage): CompiledPage {
  // Where a page has them: in its facts. Left out of the page's own fields (its JSON, a spread).
  Object.defineProperty(stored, "searchSections", { enumerable: false });
  Object.defineProperty(stored.facts, "searchSections", { get: () => stored.searchSections, enumerable: true, configurable: true });
  return stored as unknown as CompiledPage;
}
