import type { SearchSection } from "../../core/search/types";
import type { CompiledPage } from "../markdown/compile";
import type { PageFacts } from "../markdown/facts";
import { hasImageStandIns, markCopyWithoutImages, type PlainCopy } from "../markdown/plainCopyImages";

/**
 * A compiled page as the compile cache keeps it: its search sections and its plain-Markdown copy
 * out of its facts, each on a line of its own between the facts and the module (DiskCache.setSplit's
 * `between`). A rebuild reads every page's facts and needs neither on its main thread for pages
 * that did not change: the search index's thread reads the sections it needs, the llms plugin the
 * copies of changed pages. Parsed with the facts, 2,000 pages' sections were 13 of their 30 MB and
 * their copies 12 of the 15 MB left; kept alive to the end they were most of that thread's heap and
 * of its collections' work.
 */
export type StoredPage = Omit<CompiledPage, "facts"> & {
  facts: Omit<PageFacts, "searchSections" | "plainCopy">;
  searchSections: SearchSection[];
  plainCopy?: PlainCopy;
  /** Whether the copy shows a bundled image (its address is known only after the bundle): on the first line, so a copy without one stays unread. */
  copyImages: boolean;
};

/** The fields only the page's module needs, on the entry's last line. */
export const MODULE_FIELDS = ["code", "deferredHtml"] as const satisfies readonly (keyof StoredPage)[];
/** The lines between the facts and the module: the search index's sections (the second line), then the plain copy. */
export const BETWEEN_FIELDS = [["searchSections"], ["plainCopy"]] as const satisfies readonly (readonly (keyof StoredPage)[])[];

export function storedPage(page: CompiledPage): StoredPage {
  const { searchSections, plainCopy, ...facts } = page.facts;
  return { ...page, facts, searchSections, plainCopy, copyImages: plainCopy !== undefined && hasImageStandIns(plainCopy) };
}

/** The page a stored one is, its facts' sections and copy read from the entry when first used (see copyFacts). */
export function pageOfStored(stored: StoredPage): CompiledPage {
  // Where a page has them: in its facts. Left out of the page's own fields (its JSON, a spread).
  for (const field of ["searchSections", "plainCopy", "copyImages"] as const) Object.defineProperty(stored, field, { enumerable: false });
  Object.defineProperty(stored.facts, "searchSections", { get: () => stored.searchSections, enumerable: true, configurable: true });
  Object.defineProperty(stored.facts, "plainCopy", { get: () => stored.plainCopy, enumerable: true, configurable: true });
  if (!stored.copyImages) markCopyWithoutImages(stored.facts as PageFacts);
  return stored as unknown as CompiledPage;
}
