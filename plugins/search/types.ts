import type { SearchSection } from "../../src/core/search/types.ts";
import type { StoredFacts } from "../../src/node/plugins/types.ts";

export interface SearchPageInput {
  /** Route path, e.g. "/pg-sql2/api/sql-identifier". */
  url: string;
  pluginId: string;
  /** The section's name (hierarchy lvl0). */
  sectionLabel: string;
  pageTitle: string;
  /**
   * The page's intro and h2/h3 sections, as the compile's facts give them (`PageFacts.searchSections`).
   * Left out for a page sent by where its facts are stored (`stored`): read from there when needed.
   */
  sections?: readonly SearchSection[];
  /** Where the page's facts are stored (EmitFilesArgs.storedFactsOf), for a page sent without its sections. */
  stored?: StoredFacts;
  /** The page's docs version, for the docs-tag facet (default: the index's version). */
  version?: string;
  /** The key of the compile the sections come from (EmitFilesArgs.compileKeyOf), when the build has one. */
  compileKey?: string;
}

/** A section as the index sees it. */
export interface SearchRecord {
  page: number;
  level: 1 | 2 | 3;
  heading: string;
  anchor: string | null;
  text: string;
}
