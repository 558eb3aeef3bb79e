import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../../plugins/search/buildIndex";
import { createAlgoliaSearch, escapeMarked, localizeHostedHit, markerTags, type HttpFetch } from "../../src/core/search/algolia";
import { contextualParams, createSearchBackend, isAlgoliaConfigured } from "../../src/core/search/backend";
import { SEARCH_QUERY_MAX_LENGTH } from "../../src/core/search/constants";
import { createDocSearchClient, escapeHitForModal, wrapHostedClient, type DocSearchLikeClient } from "../../src/core/search/docsearchClient";
import type { SearchHit } from "../../src/core/search/types";
import { searchFileUrl, searchPageHref, toSitePath } from "../../src/core/search/urls";
import { sectionsOf } from "./search-fixture";

const pages = [
  {
    url: "/pg-sql2/api/sql-raw",
    pluginId: "pg-sql2",
    sectionLabel: "pg-sql2",
    pageTitle: "sql.raw",
    sections: sectionsOf("Raw text for <T> types.", [[2, "Dangers", "Injection."]]),
  },
  { url: "/tamedevil/api/te-raw", pluginId: "tamedevil", sectionLabel: "tamedevil", pageTitle: "te.raw", sections: sectionsOf("Raw code.") },
];

function staticFetch(files: Map<string, string | Uint8Array>, seen: string[] = []): HttpFetch {
  return async (url) => {
    seen.push(url);
    const path = url.replace(/^\/docs\//, "").replace(/^\//, "");
    const body = files.get(path);
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(String(body)) };
  };
}

describe("urls", () => {
  it("turns a hosted index's absolute URLs into this site's paths", () => {
    expect(toSitePath("https://graphile.org/pg-sql2/api/sql-raw/#dangers")).toBe("/pg-sql2/api/sql-raw#dangers");
    expect(toSitePath("https://example.org/tamedevil/api/te-ref")).toBe("/tamedevil/api/te-ref");
    expect(toSitePath("https://example.org/")).toBe("/");
    expect(toSitePath("https://example.org")).toBe("/");
    expect(toSitePath("https://example.org/a/index.html?x=1#y")).toBe("/a?x=1#y");
    expect(toSitePath("//cdn.example.org/a/b/")).toBe("/a/b");
    expect(toSitePath("/already/local/")).toBe("/already/local");
    expect(toSitePath("mailto:someone@example.org")).toBe("mailto:someone@example.org");
  });

  it("builds search page links with the query encoded and cut to the limit", () => {
    expect(searchPageHref("/", "sql.raw & <b>")).toBe("/search?q=sql.raw%20%26%20%3Cb%3E");
    expect(searchPageHref("/docs/", "")).toBe("/docs/search");
    const long = searchPageHref("/", "x".repeat(100));
    expect(decodeURIComponent(long.split("=")[1]!)).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });

  it("puts index files under the base URL", () => {
    expect(searchFileUrl("/", "search-index/manifest.json")).toBe("/search-index/manifest.json");
    expect(searchFileUrl("/docs", "search-index/manifest.json")).toBe("/docs/search-index/manifest.json");
  });
});

describe("backend choice", () => {
  it("uses the local index unless the hosted service is fully configured", async () => {
    expect(isAlgoliaConfigured(undefined)).toBe(false);
    expect(isAlgoliaConfigured({ appId: "A", apiKey: "", indexName: "i" })).toBe(false);
    expect(isAlgoliaConfigured({ appId: "A", apiKey: "k", indexName: "i" })).toBe(true);
    const seen: string[] = [];
    const backend = createSearchBackend({ baseUrl: "/docs/", fetch: staticFetch(buildSearchIndex(pages), seen) });
    const result = await backend.search({ query: "raw" });
    expect(result.nbHits).toBeGreaterThan(0);
    expect(seen[0]).toBe("/docs/search-index/manifest.json");
  });

  it("reports a failed index download as an error", async () => {
    const backend = createSearchBackend({ baseUrl: "/", fetch: async () => ({ ok: false, status: 404, json: async () => null }) });
    await expect(backend.search({ query: "raw" })).rejects.toThrow("Loading /search-index/manifest.json failed with HTTP 404");
  });

  it("filters by language, and by section in the way each backend can", () => {
    expect(contextualParams(undefined, undefined)).toEqual({ facetFilters: ["language:en"] });
    expect(contextualParams("docs-pg-sql2-current", undefined)).toEqual({
      facetFilters: ["language:en"],
      optionalFilters: ["docusaurus_tag:docs-pg-sql2-current"],
    });
    const hosted = { appId: "A", apiKey: "k", indexName: "i", contextualSearch: true };
    expect(contextualParams("docs-pg-sql2-current", hosted)).toEqual({
      facetFilters: ["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-pg-sql2-current"]],
    });
    expect(contextualParams("docs-pg-sql2-current", { ...hosted, contextualSearch: false })).toEqual({ facetFilters: ["language:en"] });
  });
});

describe("hosted backend", () => {
  const hostedHit = {
    objectID: "1",
    url: "https://graphile.org/pg-sql2/api/sql-raw/#dangers",
    url_without_anchor: "https://graphile.org/pg-sql2/api/sql-raw/",
    type: "lvl2",
    hierarchy: { lvl0: "pg-sql2", lvl1: "sql.raw", lvl2: "Dangers", lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
    _highlightResult: {
      hierarchy: { lvl1: { value: `sql.${markerTags.highlightPreTag}raw${markerTags.highlightPostTag} <img src=x onerror=alert(1)>`, matchLevel: "full", matchedWords: ["raw"] } },
    },
    _snippetResult: { content: { value: "a &amp; b", matchLevel: "none" } },
  };

  it("queries the service with the filters and marker tags, and localizes hits", async () => {
    const calls: { url: string; body: string }[] = [];
    const fetch: HttpFetch = async (url, init) => {
      calls.push({ url, body: init.body ?? "" });
      return {
        ok: true,
        status: 200,
        json: async () => ({
          results: [
            { hits: [hostedHit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, query: "raw", facets: { docusaurus_tag: { "docs-pg-sql2-current": 1 } } },
            { hits: [], nbHits: 3, facets: { docusaurus_tag: { "docs-pg-sql2-current": 1, "docs-tamedevil-current": 2 } } },
          ],
        }),
      };
    };
    const backend = createAlgoliaSearch({ appId: "APP", apiKey: "KEY", indexName: "docs" }, fetch);
    const result = await backend.search({ query: "raw", facetFilters: ["language:en", ["docusaurus_tag:docs-pg-sql2-current"]] });
    expect(calls[0]!.url).toBe("https://APP-dsn.algolia.net/1/indexes/*/queries?x-algolia-application-id=APP&x-algolia-api-key=KEY");
    const body = JSON.parse(calls[0]!.body) as { requests: { indexName: string; params: string }[] };
    expect(body.requests).toHaveLength(2);
    const params = new URLSearchParams(body.requests[0]!.params);
    expect(params.get("query")).toBe("raw");
    expect(JSON.parse(params.get("facetFilters")!)).toEqual(["language:en", ["docusaurus_tag:docs-pg-sql2-current"]]);
    expect(params.get("highlightPreTag")).toBe(markerTags.highlightPreTag);
    expect(JSON.parse(new URLSearchParams(body.requests[1]!.params).get("facetFilters")!)).toEqual(["language:en"]);
    expect(result.hits[0]!.url).toBe("/pg-sql2/api/sql-raw#dangers");
    expect(result.hits[0]!.url_without_anchor).toBe("/pg-sql2/api/sql-raw");
    expect(result.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("sql.<mark>raw</mark> &lt;img src=x onerror=alert(1)&gt;");
    expect(result.facets.docusaurus_tag).toEqual({ "docs-pg-sql2-current": 1, "docs-tamedevil-current": 2 });
  });

  it("fails on an HTTP error", async () => {
    const backend = createAlgoliaSearch({ appId: "A", apiKey: "k", indexName: "i" }, async () => ({ ok: false, status: 403, json: async () => ({}) }));
    await expect(backend.search({ query: "x" })).rejects.toThrow("HTTP 403");
  });

  it("escapes around marker tags, dropping stray markers", () => {
    const { highlightPreTag: pre, highlightPostTag: post } = markerTags;
    expect(escapeMarked(`<a>${pre}b${post}${post}`, "[", "]")).toBe("&lt;a&gt;[b]");
    expect(escapeMarked(42, "[", "]")).toBe("");
    expect(localizeHostedHit({ url: "https://x.org/a/" }).url).toBe("/a");
  });
});

describe("modal client", () => {
  it("answers the modal's requests from a backend, with the index name and hit counts", async () => {
    const backend = createSearchBackend({ baseUrl: "/", fetch: staticFetch(buildSearchIndex(pages)) });
    const answered: [string, number][] = [];
    const client = createDocSearchClient(backend, {
      extraParams: () => ({ optionalFilters: ["docusaurus_tag:docs-tamedevil-current"] }),
      onResponse: (query, response) => answered.push([query, response.nbHits]),
    });
    client.addAlgoliaAgent("docsearch", "4.7.0");
    expect(client.transporter.algoliaAgent.value).toContain("docsearch (4.7.0)");
    const { results } = await client.search({ requests: [{ indexName: "docs", query: "raw", hitsPerPage: 20 }] });
    const first = results[0] as { index: string; hits: SearchHit[]; nbHits: number };
    expect(first.index).toBe("docs");
    expect(first.hits[0]!.url).toBe("/tamedevil/api/te-raw");
    expect(answered).toEqual([["raw", first.nbHits]]);
  });

  it("names failures RetryError so the modal shows its error screen", async () => {
    const client = createDocSearchClient({ preload: async () => {}, search: async () => Promise.reject(new TypeError("Failed to fetch")) });
    await expect(client.search({ requests: [{ indexName: "docs", query: "x" }] })).rejects.toMatchObject({ name: "RetryError", message: "Failed to fetch" });
  });

  it("can report failures to a hook and answer with no hits instead", async () => {
    const failed: string[] = [];
    const client = createDocSearchClient(
      { preload: async () => {}, search: async () => Promise.reject(new TypeError("Failed to fetch")) },
      { onError: (query) => failed.push(query) },
    );
    const { results } = await client.search({ requests: [{ indexName: "docs", query: "sql" }] });
    expect(results[0]).toMatchObject({ hits: [], nbHits: 0, index: "docs" });
    expect(failed).toEqual(["sql"]);
  });

  it("wraps the hosted client: marker tags in, safe local hits out", async () => {
    const asked: Record<string, unknown>[] = [];
    const inner: DocSearchLikeClient = {
      async search({ requests }) {
        asked.push(...requests);
        return {
          results: [{ hits: [{ url: "https://x.org/a/#b", _highlightResult: { content: { value: `<i>${markerTags.highlightPreTag}x${markerTags.highlightPostTag}</i>` } } }], nbHits: 7 }],
        };
      },
      addAlgoliaAgent() {},
      transporter: { algoliaAgent: { value: "", add: () => undefined } },
    };
    const counts: number[] = [];
    const client = wrapHostedClient(inner, { onResponse: (_, response) => counts.push(response.nbHits) });
    const { results } = await client.search({ requests: [{ indexName: "docs", query: "x", highlightPreTag: "<mark>", highlightPostTag: "</mark>" }] });
    expect(asked[0]).toMatchObject(markerTags);
    const hit = (results[0] as { hits: SearchHit[] }).hits[0]!;
    expect(hit.url).toBe("/a#b");
    expect(hit._highlightResult.content.value).toBe("&lt;i&gt;<mark>x</mark>&lt;/i&gt;");
    expect(counts).toEqual([7]);
    const failing = wrapHostedClient({ ...inner, search: async () => Promise.reject(new Error("boom")) });
    await expect(failing.search({ requests: [] })).rejects.toMatchObject({ name: "RetryError" });
  });

  it("escapes plain hit fields that the modal writes as HTML", async () => {
    const backend = createSearchBackend({ baseUrl: "/", fetch: staticFetch(buildSearchIndex(pages)) });
    const hit = (await backend.search({ query: "types" })).hits[0]!;
    expect(hit.content).toContain("<T>");
    const safe = escapeHitForModal(hit);
    expect(safe.content).toContain("&lt;T&gt;");
    expect(safe.hierarchy.lvl1).toBe("sql.raw");
    expect(safe.url).toBe(hit.url);
  });
});
