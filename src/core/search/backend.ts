/**
 * Picks the search backend: the local index by default, the hosted service only when
 * site.config.ts configures one. The network is injected, so this stays pure.
 */
import type { AlgoliaConfig } from "../types.ts";
import type { HostedIndex, HttpFetch } from "./algolia.ts";
import { DOCS_TAG_FACET, LANGUAGE_FACET, SEARCH_LANGUAGE } from "./constants.ts";
import { createLocalSearch } from "./engine.ts";
import { memo } from "./memo.ts";
import type { FacetFilter, SearchBackend, SearchRequest } from "./types.ts";
import { searchFileUrl } from "./urls.ts";

export interface BackendOptions {
  baseUrl: string;
  algolia?: HostedIndex;
  fetch: HttpFetch;
  now?: () => number;
}

/** A hosted configuration counts only when its three values are all given. */
export function isAlgoliaConfigured<T extends Partial<HostedIndex>>(algolia: T | undefined): algolia is T & HostedIndex {
  return Boolean(algolia && algolia.appId && algolia.apiKey && algolia.indexName);
}

export function createSearchBackend(options: BackendOptions): SearchBackend {
  const { algolia, fetch } = options;
  if (isAlgoliaConfigured(algolia)) {
    // Loaded only by a site that configures the hosted service: the local index does not need it.
    const hosted = memo(() => import("./algolia.ts").then((module) => module.createAlgoliaSearch(algolia, fetch)));
    return { preload: async () => {}, search: async (request) => (await hosted()).search(request) };
  }
  return createLocalSearch({
    now: options.now,
    fetchJson: async (file) => {
      const url = searchFileUrl(options.baseUrl, file);
      const response = await options.fetch(url, { method: "GET", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
      return response.json();
    },
  });
}

/**
 * Filters of a query from the modal. Every query is limited to the site's language. On a docs
 * page (a current docs tag), the local index puts that section's hits first (all hits stay
 * reachable); a hosted index with contextual search filters to the section, as DocSearch does.
 */
export function contextualParams(currentDocsTag: string | undefined, hosted: AlgoliaConfig | undefined): Partial<SearchRequest> {
  const language = `${LANGUAGE_FACET}:${SEARCH_LANGUAGE}`;
  if (!currentDocsTag) return { facetFilters: [language] };
  const tag = `${DOCS_TAG_FACET}:${currentDocsTag}`;
  if (hosted) {
    const filters: FacetFilter[] = hosted.contextualSearch ? [language, [`${DOCS_TAG_FACET}:default`, tag]] : [language];
    return { facetFilters: filters };
  }
  return { facetFilters: [language], optionalFilters: [tag] };
}

/** The modal shows at most this many hits of one section (DocSearch's default group size). */
export const MODAL_HITS_PER_SECTION = 5;
