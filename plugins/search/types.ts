import type { SearchSection } from "../../src/core/search/types.ts";

export interface SearchPageInput {
  /** Route path, e.g. "/pg-sql2/api/sql-identifier". */
  url: string;
  pluginId: string;
  /** The section's name (hierarchy lvl0). */
  sectionLabel: string;
  pageTitle: string;
  /** The page's intro and h2/h3 sections, as the compile's facts give them (`PageFacts.searchSections`). */
  sections: readonly SearchSection[];
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
