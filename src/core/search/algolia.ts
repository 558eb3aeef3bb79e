/**
 * The hosted backend (Algolia DocSearch), used only when site.config.ts configures it, and
 * loaded only then (backend.ts). The HTTP call goes through an injected `fetch`, so this stays
 * pure. Hits are made to look like the local engine's (hostedHits.ts).
 */
import { DOCS_TAG_FACET, SEARCH_HITS_PER_PAGE, SEARCH_QUERY_MAX_LENGTH } from "./constants.ts";
import { groupMentions } from "./facets.ts";
import { localizeHostedHit, markerTags } from "./hostedHits.ts";
import type { AlgoliaConfig } from "../types.ts";
import type { SearchBackend, SearchRequest, SearchResponse } from "./types.ts";

export { escapeMarked, localizeHostedHit, markerTags } from "./hostedHits.ts";

/** What a query needs of the hosted configuration (site.config.ts `search.algolia`). */
export type HostedIndex = Pick<AlgoliaConfig, "appId" | "apiKey" | "indexName">;

export interface HttpResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}
export type HttpFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<HttpResponse>;

const RETRIEVE = ["hierarchy", "content", "type", "url", "anchor", "url_without_anchor", "docusaurus_tag", "language"];

function encodeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return search.toString();
}

function searchParams(request: SearchRequest, overrides: Record<string, unknown> = {}): string {
  return encodeParams({
    query: String(request.query ?? "").slice(0, SEARCH_QUERY_MAX_LENGTH),
    page: request.page ?? 0,
    hitsPerPage: request.hitsPerPage ?? SEARCH_HITS_PER_PAGE,
    facetFilters: request.facetFilters,
    optionalFilters: request.optionalFilters,
    attributesToRetrieve: RETRIEVE,
    attributesToSnippet: request.attributesToSnippet ?? ["content:15"],
    snippetEllipsisText: request.snippetEllipsisText ?? "…",
    ...markerTags,
    facets: [DOCS_TAG_FACET],
    ...overrides,
  });
}

export function createAlgoliaSearch(config: HostedIndex, fetch: HttpFetch): SearchBackend {
  const host = `https://${config.appId}-dsn.algolia.net`;
  const credentials = `x-algolia-application-id=${encodeURIComponent(config.appId)}&x-algolia-api-key=${encodeURIComponent(config.apiKey)}`;
  return {
    async preload() {},
    async search(request) {
      const pre = request.highlightPreTag ?? "<mark>";
      const post = request.highlightPostTag ?? "</mark>";
      const requests = [{ indexName: config.indexName, params: searchParams(request) }];
      // Section counts that ignore the section filter need a second query without it.
      const tagFiltered = (request.facetFilters ?? []).some((group) => groupMentions(group, DOCS_TAG_FACET));
      if (tagFiltered) {
        const others = (request.facetFilters ?? []).filter((group) => !groupMentions(group, DOCS_TAG_FACET));
        requests.push({ indexName: config.indexName, params: searchParams({ ...request, facetFilters: others }, { hitsPerPage: 0, page: 0 }) });
      }
      const response = await fetch(`${host}/1/indexes/*/queries?${credentials}`, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        body: JSON.stringify({ requests }),
      });
      if (!response.ok) throw new Error(`Search service answered HTTP ${response.status}`);
      const body = (await response.json()) as { results?: Record<string, unknown>[] };
      const [main, counts] = body.results ?? [];
      if (!main || !Array.isArray(main.hits)) throw new Error("Search service answered in an unexpected format");
      const facets = ((counts ?? main).facets ?? {}) as Record<string, Record<string, number>>;
      const result: SearchResponse = {
        hits: (main.hits as Record<string, unknown>[]).map((hit) => localizeHostedHit(hit, pre, post)),
        nbHits: Number(main.nbHits ?? 0),
        page: Number(main.page ?? 0),
        nbPages: Number(main.nbPages ?? 0),
        hitsPerPage: Number(main.hitsPerPage ?? request.hitsPerPage ?? SEARCH_HITS_PER_PAGE),
        query: String(main.query ?? request.query ?? ""),
        facets,
        processingTimeMS: Number(main.processingTimeMS ?? 0),
        exhaustiveNbHits: Boolean(main.exhaustiveNbHits ?? true),
      };
      return result;
    },
  };
}
