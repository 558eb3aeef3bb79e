/** DocSearch-shaped hits and responses, shared by the local engine, the hosted backend and the UI. */

export type HitType = "lvl0" | "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6" | "content";

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export type MatchLevel = "none" | "partial" | "full";

/** `value` is HTML: text escaped, matches wrapped in the highlight tags. */
export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetValue {
  value: string;
  matchLevel: MatchLevel;
}

export type HierarchyHighlight = Record<keyof Hierarchy, HighlightValue>;

export interface SearchHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: HitType;
  hierarchy: Hierarchy;
  content: string | null;
  language?: string;
  docusaurus_tag?: string;
  _highlightResult: { hierarchy: HierarchyHighlight; content: HighlightValue; hierarchy_camel: HierarchyHighlight[] };
  _snippetResult: { hierarchy: HierarchyHighlight; content: SnippetValue; hierarchy_camel: HierarchyHighlight[] };
}

/** A facet filter: "attribute:value", or a list of them of which any may match. */
export type FacetFilter = string | readonly string[];

export interface SearchRequest {
  query: string;
  /** Zero-based page of results. */
  page?: number;
  hitsPerPage?: number;
  /** All must hold (each entry may be an any-of list), as Algolia's facetFilters. */
  facetFilters?: readonly FacetFilter[];
  /** Hits matching these come first among otherwise equal hits (contextual search). */
  optionalFilters?: readonly FacetFilter[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  /** e.g. ["content:15"]; only the content word count is read. */
  attributesToSnippet?: readonly string[];
  /** Local index only: at most this many hits per section (lvl0) in the returned hits, so a short
   * list grouped by section (the modal) shows more than one section. nbHits still counts all. */
  maxHitsPerSection?: number;
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  /** Hit counts per facet value. The docs-tag counts ignore the docs-tag filter, so a section
   * filter can show what every section holds. */
  facets: Record<string, Record<string, number>>;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
}

/** What both the modal and the search page search through: the local index or the hosted service. */
export interface SearchBackend {
  search(request: SearchRequest): Promise<SearchResponse>;
  /** Starts loading what the first query needs (no-op where nothing can be preloaded). */
  preload(): Promise<void>;
}

/** Reads a JSON file of the built site; the path is relative to the site's base URL. */
export type FetchJson = (path: string) => Promise<unknown>;

/**
 * One heading section of a page, as the Markdown compile reads it and the index builder takes it:
 * the page intro (level 1, before the first h2), then one per h2/h3.
 */
export interface SearchSection {
  level: 1 | 2 | 3;
  /** The heading's text ("" for the intro). */
  heading: string;
  /** The heading's id, the anchor of its URL (null for the intro). */
  anchor: string | null;
  /** What a reader sees of the section as plain text (code included), whitespace collapsed. */
  text: string;
}
