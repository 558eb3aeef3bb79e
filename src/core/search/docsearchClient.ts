/**
 * Adapters between our backends and @docsearch/react's modal, which expects an Algolia
 * "lite client" (`search({ requests })`, `addAlgoliaAgent`, `transporter.algoliaAgent`).
 * The modal shows its error screen only for errors named "RetryError", so failures are renamed.
 */
import { markerTags, localizeHostedHit } from "./hostedHits.ts";
import { escapeHtml } from "./highlight.ts";
import type { FacetFilter, SearchBackend, SearchHit, SearchRequest, SearchResponse } from "./types.ts";

/** The slice of an Algolia lite client the modal uses. */
export interface DocSearchLikeClient {
  search(params: { requests: readonly Record<string, unknown>[] }): Promise<{ results: Record<string, unknown>[] }>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: { algoliaAgent: { value: string; add(options: { segment: string; version?: string }): unknown } };
}

/** An error the modal shows as "Unable to fetch results". */
export function retryError(cause: unknown): Error {
  const error = new Error(cause instanceof Error ? cause.message : String(cause), { cause });
  error.name = "RetryError";
  return error;
}

function toRequest(params: Record<string, unknown>): SearchRequest {
  return {
    query: String(params.query ?? ""),
    page: typeof params.page === "number" ? params.page : undefined,
    hitsPerPage: typeof params.hitsPerPage === "number" ? params.hitsPerPage : undefined,
    facetFilters: params.facetFilters as FacetFilter[] | undefined,
    optionalFilters: params.optionalFilters as FacetFilter[] | undefined,
    highlightPreTag: typeof params.highlightPreTag === "string" ? params.highlightPreTag : undefined,
    highlightPostTag: typeof params.highlightPostTag === "string" ? params.highlightPostTag : undefined,
    snippetEllipsisText: typeof params.snippetEllipsisText === "string" ? params.snippetEllipsisText : undefined,
    attributesToSnippet: Array.isArray(params.attributesToSnippet) ? (params.attributesToSnippet as string[]) : undefined,
  };
}

function agent() {
  const algoliaAgent = {
    value: "local-search",
    add({ segment, version }: { segment: string; version?: string }) {
      algoliaAgent.value += `; ${segment}${version ? ` (${version})` : ""}`;
      return algoliaAgent;
    },
  };
  return algoliaAgent;
}

export interface ClientHooks {
  /** Extra parameters merged into every request (contextual search filters). */
  extraParams?: () => Partial<SearchRequest>;
  /** Called with each answered query (the footer shows its hit count). */
  onResponse?: (query: string, response: SearchResponse) => void;
  /**
   * Called when a query fails. When given, the client answers the modal with no hits instead of
   * rejecting: the modal (autocomplete) resets its status after a rejection, so its own error
   * screen never stays up, and the UI shows one from this signal instead.
   */
  onError?: (query: string, error: unknown) => void;
}

function emptyResult(params: Record<string, unknown>) {
  return { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, query: String(params.query ?? ""), index: params.indexName, params: "" };
}

/** A modal search client answered by one of our backends (the local index). */
export function createDocSearchClient(backend: SearchBackend, hooks: ClientHooks = {}): DocSearchLikeClient {
  const algoliaAgent = agent();
  return {
    async search({ requests }) {
      try {
        const results = await Promise.all(
          requests.map(async (params) => {
            const request = { ...toRequest(params), ...hooks.extraParams?.() };
            const response = await backend.search(request);
            hooks.onResponse?.(request.query, response);
            return { ...response, index: params.indexName, params: "" };
          }),
        );
        return { results: results as unknown as Record<string, unknown>[] };
      } catch (error) {
        if (!hooks.onError) throw retryError(error);
        for (const params of requests) hooks.onError(String(params.query ?? ""), error);
        return { results: requests.map(emptyResult) };
      }
    },
    addAlgoliaAgent(segment, version) {
      algoliaAgent.add({ segment, version });
    },
    transporter: { algoliaAgent },
  };
}

/**
 * Wraps the modal's own Algolia client (hosted mode): asks for marker highlight tags and turns the
 * hits into safe site-local ones, reports hit counts, and names failures RetryError.
 */
export function wrapHostedClient(client: DocSearchLikeClient, hooks: ClientHooks = {}): DocSearchLikeClient {
  return {
    async search({ requests }) {
      const asked = requests.map((params) => ({
        ...params,
        ...hooks.extraParams?.(),
        ...markerTags,
      }));
      let answer: { results: Record<string, unknown>[] };
      try {
        answer = await client.search({ requests: asked });
      } catch (error) {
        if (!hooks.onError) throw error instanceof Error && error.name === "RetryError" ? error : retryError(error);
        for (const params of requests) hooks.onError(String(params.query ?? ""), error);
        return { results: requests.map(emptyResult) };
      }
      const results = answer.results.map((result, i) => {
        const pre = String(requests[i]?.highlightPreTag ?? "<mark>");
        const post = String(requests[i]?.highlightPostTag ?? "</mark>");
        const hits = Array.isArray(result.hits) ? (result.hits as Record<string, unknown>[]).map((hit) => localizeHostedHit(hit, pre, post)) : [];
        const out = { ...result, hits };
        hooks.onResponse?.(String(requests[i]?.query ?? ""), out as unknown as SearchResponse);
        return out;
      });
      return { results };
    },
    addAlgoliaAgent: (segment, version) => client.addAlgoliaAgent(segment, version),
    transporter: client.transporter,
  };
}

/**
 * The modal writes a hit's plain fields (hierarchy, content) into the page as HTML when it shows
 * recent searches. Escaping them first keeps indexed text such as "<T>" as text there too.
 */
export function escapeHitForModal(hit: SearchHit): SearchHit {
  const hierarchy = { ...hit.hierarchy };
  for (const key of Object.keys(hierarchy) as (keyof typeof hierarchy)[]) {
    const value = hierarchy[key];
    if (typeof value === "string") (hierarchy as Record<string, string | null>)[key] = escapeHtml(value);
  }
  return { ...hit, hierarchy, content: hit.content === null ? null : escapeHtml(hit.content) };
}
