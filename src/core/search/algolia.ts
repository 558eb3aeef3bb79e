/**
 * The hosted backend (Algolia DocSearch), used only when site.config.ts configures it. The HTTP
 * call goes through an injected `fetch`, so this stays pure. Hits are made to look like the
 * local engine's: URLs turned into this site's paths, highlight values escaped HTML with only the
 * highlight tags as markup.
 */
import { DOCS_TAG_FACET, SEARCH_HITS_PER_PAGE, SEARCH_QUERY_MAX_LENGTH } from "./constants.ts";
import { groupMentions } from "./facets.ts";
import { escapeHtml } from "./highlight.ts";
import type { AlgoliaConfig } from "../types.ts";
import type { SearchBackend, SearchHit, SearchRequest, SearchResponse } from "./types.ts";
import { toSitePath } from "./urls.ts";

/** What a query needs of the hosted configuration (site.config.ts `search.algolia`). */
export type HostedIndex = Pick<AlgoliaConfig, "appId" | "apiKey" | "indexName">;

export interface HttpResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}
export type HttpFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<HttpResponse>;

/** Markers asked of the service and replaced after escaping; they cannot occur in real text. */
const PRE = "\u0001hl\u0002";
const POST = "\u0001/hl\u0002";

const RETRIEVE = ["hierarchy", "content", "type", "url", "anchor", "url_without_anchor", "docusaurus_tag", "language"];

function encodeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return search.toString();
}

/** Escapes a value that came back with the marker tags, then puts the real highlight tags in. */
export function escapeMarked(value: unknown, pre: string, post: string): string {
  if (typeof value !== "string") return "";
  return value
    .split(PRE)
    .map((part, i) => {
      if (i === 0) return escapeHtml(part.split(POST).join(""));
      const end = part.indexOf(POST);
      if (end < 0) return escapeHtml(part);
      return pre + escapeHtml(part.slice(0, end)) + post + escapeHtml(part.slice(end + POST.length).split(POST).join(""));
    })
    .join("");
}

function cleanHighlights(tree: unknown, pre: string, post: string): unknown {
  if (Array.isArray(tree)) return tree.map((item) => cleanHighlights(item, pre, post));
  if (!tree || typeof tree !== "object") return tree;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = key === "value" ? escapeMarked(value, pre, post) : cleanHighlights(value, pre, post);
  }
  return out;
}

/**
 * A hit of the hosted index made safe and local: site paths instead of absolute URLs, and
 * highlight/snippet values as escaped HTML whose only markup is `pre`/`post`. Expects values
 * highlighted with this module's marker tags (see `markerTags`).
 */
export function localizeHostedHit(raw: Record<string, unknown>, pre = "<mark>", post = "</mark>"): SearchHit {
  const hit = { ...raw } as Record<string, unknown>;
  if (typeof hit.url === "string") hit.url = toSitePath(hit.url);
  if (typeof hit.url_without_anchor === "string") hit.url_without_anchor = toSitePath(hit.url_without_anchor);
  if (hit._highlightResult) hit._highlightResult = cleanHighlights(hit._highlightResult, pre, post);
  if (hit._snippetResult) hit._snippetResult = cleanHighlights(hit._snippetResult, pre, post);
  return hit as unknown as SearchHit;
}

/** The tags to ask the hosted service for, so `localizeHostedHit` can escape around them. */
export const markerTags = { highlightPreTag: PRE, highlightPostTag: POST } as const;

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
