import { describe, expect, it } from "vitest";
import { buildSearchIndex, type SearchPageInput } from "../../plugins/search/buildIndex";
import { SEARCH_HITS_PER_PAGE, SEARCH_QUERY_MAX_LENGTH, docsTagFor } from "../../src/core/search/constants";
import { createLocalSearch } from "../../src/core/search/engine";
import { engineFor, fixturePages, sectionsOf } from "./search-fixture";

// The local engine's answers beyond ranking: facets, the DocSearch hit shape, highlighting,
// paging and how it loads the index files.

const { engine } = engineFor(fixturePages);

describe("facets and contextual search", () => {
  it("filters by the docs-tag facet", async () => {
    const result = await engine.search({
      query: "join",
      facetFilters: ["language:en", [`docusaurus_tag:${docsTagFor("tamedevil")}`]],
    });
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits.every((hit) => hit.docusaurus_tag === "docs-tamedevil-current")).toBe(true);
    expect(result.hits[0]!.url).toBe("/tamedevil/api/te-join");
  });

  it("counts hits per docs tag ignoring the docs-tag filter", async () => {
    const all = await engine.search({ query: "join" });
    const filtered = await engine.search({ query: "join", facetFilters: [`docusaurus_tag:${docsTagFor("tamedevil")}`] });
    expect(filtered.facets.docusaurus_tag).toEqual(all.facets.docusaurus_tag);
    expect(all.facets.docusaurus_tag!["docs-pg-sql2-current"]).toBeGreaterThan(0);
    expect(all.facets.docusaurus_tag!["docs-tamedevil-current"]).toBe(filtered.nbHits);
  });

  it("matches nothing for another language", async () => {
    expect((await engine.search({ query: "join", facetFilters: ["language:fr"] })).nbHits).toBe(0);
    expect((await engine.search({ query: "join", facetFilters: ["language:en"] })).nbHits).toBeGreaterThan(0);
  });

  it("puts the current section first with optional filters, keeping the rest", async () => {
    const plain = await engine.search({ query: "join" });
    expect(plain.hits[0]!.url).toBe("/pg-sql2/api/sql-join");
    const boosted = await engine.search({ query: "join", optionalFilters: [`docusaurus_tag:${docsTagFor("tamedevil")}`] });
    expect(boosted.hits[0]!.url).toBe("/tamedevil/api/te-join");
    expect(boosted.nbHits).toBe(plain.nbHits);
    expect(boosted.hits.map((hit) => hit.url)).toContain("/pg-sql2/api/sql-join");
  });
});

describe("hits per section", () => {
  it("caps hits per section when asked, keeping the order and the total", async () => {
    const plain = await engine.search({ query: "sql" });
    const capped = await engine.search({ query: "sql", maxHitsPerSection: 2 });
    expect(capped.nbHits).toBe(plain.nbHits);
    const perSection = new Map<string, number>();
    for (const hit of capped.hits) perSection.set(hit.hierarchy.lvl0, (perSection.get(hit.hierarchy.lvl0) ?? 0) + 1);
    expect(Math.max(...perSection.values())).toBeLessThanOrEqual(2);
    expect(perSection.size).toBeGreaterThan(1);
    expect(capped.hits[0]!.url).toBe(plain.hits[0]!.url);
  });
});

describe("hits", () => {
  it("have the DocSearch shape", async () => {
    const result = await engine.search({ query: "symbols as aliases" });
    const hit = result.hits[0]!;
    expect(hit).toMatchObject({
      objectID: "/pg-sql2/api/sql-identifier#symbols-as-aliases",
      url: "/pg-sql2/api/sql-identifier#symbols-as-aliases",
      url_without_anchor: "/pg-sql2/api/sql-identifier",
      anchor: "symbols-as-aliases",
      type: "lvl2",
      language: "en",
      docusaurus_tag: "docs-pg-sql2-current",
      hierarchy: { lvl0: "pg-sql2", lvl1: "sql.identifier", lvl2: "Symbols as aliases", lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
    expect(hit._highlightResult.hierarchy.lvl2.value).toBe("<mark>Symbols</mark> <mark>as</mark> <mark>aliases</mark>");
    expect(hit._highlightResult.hierarchy.lvl2.matchLevel).toBe("full");
    expect(hit._snippetResult.content.value).toContain("unique alias is generated");
    expect(typeof hit.content).toBe("string");
  });

  it("carry the h2 above an h3 as lvl2", async () => {
    const result = await engine.search({ query: "disablePlugins" });
    expect(result.hits[0]!.hierarchy).toMatchObject({ lvl1: "Presets", lvl2: "Resolving a preset", lvl3: "Disabling plugins" });
    expect(result.hits[0]!.type).toBe("content");
  });

  it("highlight matched words, and only the typed part of a prefix", async () => {
    const result = await engine.search({ query: "sql.ide" });
    expect(result.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("<mark>sql</mark>.<mark>ide</mark>ntifier");
    const typo = await engine.search({ query: "idnetifier" });
    expect(typo.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("sql.<mark>identifier</mark>");
  });

  it("snippet the section text around the match", async () => {
    const result = await engine.search({ query: "injection", attributesToSnippet: ["content:6"] });
    const hit = result.hits.find((candidate) => candidate.url === "/pg-sql2/api/sql-raw#dangers")!;
    expect(hit._snippetResult.content.value).toMatch(/<mark>injection<\/mark>/);
    expect(hit._snippetResult.content.value.split(" ").length).toBeLessThanOrEqual(8);
  });

  it("escape markup: text and query are never HTML", async () => {
    const pages: SearchPageInput[] = [
      {
        url: "/x/a",
        pluginId: "x",
        sectionLabel: "x",
        pageTitle: "Tags <b>bold</b> & co",
        sections: sectionsOf(`Write <script>alert(1)</script> as text; "quotes" and 'apostrophes'.`),
      },
    ];
    const { engine: tiny } = engineFor(pages);
    const result = await tiny.search({ query: "<script>alert" });
    const hit = result.hits[0]!;
    expect(hit._snippetResult.content.value).not.toMatch(/<script/);
    expect(hit._snippetResult.content.value).toContain("&lt;<mark>script</mark>&gt;<mark>alert</mark>(1)");
    expect(hit._highlightResult.hierarchy.lvl1.value).toBe("Tags &lt;b&gt;bold&lt;/b&gt; &amp; co");
    expect(hit.hierarchy.lvl1).toBe("Tags <b>bold</b> & co");
    const tags = await tiny.search({ query: "bold", highlightPreTag: "[", highlightPostTag: "]" });
    expect(tags.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("Tags &lt;b&gt;[bold]&lt;/b&gt; &amp; co");
  });
});

describe("paging and limits", () => {
  const many: SearchPageInput[] = Array.from({ length: 45 }, (_, i) => ({
    url: `/many/page-${i}`,
    pluginId: "many",
    sectionLabel: "many",
    pageTitle: `Page ${i}`,
    sections: sectionsOf(`Shared word lantern number ${i}.`),
  }));
  const { engine: big } = engineFor(many);

  it(`pages results ${SEARCH_HITS_PER_PAGE} at a time`, async () => {
    const first = await big.search({ query: "lantern" });
    expect(first.nbHits).toBe(45);
    expect(first.hits).toHaveLength(SEARCH_HITS_PER_PAGE);
    expect(first.nbPages).toBe(3);
    const third = await big.search({ query: "lantern", page: 2 });
    expect(third.hits).toHaveLength(5);
    const seen = new Set([...first.hits, ...(await big.search({ query: "lantern", page: 1 })).hits, ...third.hits].map((hit) => hit.objectID));
    expect(seen.size).toBe(45);
  });

  it(`reads at most ${SEARCH_QUERY_MAX_LENGTH} characters of a query`, async () => {
    const long = `${"x".repeat(SEARCH_QUERY_MAX_LENGTH)} lantern`;
    const result = await big.search({ query: long });
    expect(result.query).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    expect(result.nbHits).toBe(0);
  });
});

describe("loading", () => {
  it("fetches nothing before the first query, then the manifest, its words' term shards and a hits file per hit shown", async () => {
    const { engine: lazy, requests } = engineFor(fixturePages, { termShardSize: 500 });
    expect(requests).toEqual([]);
    const result = await lazy.search({ query: "sql.raw" });
    expect(result.hits[0]!.url).toBe("/pg-sql2/api/sql-raw");
    expect(requests[0]).toBe("search-index/manifest.json");
    const termFiles = requests.filter((path) => path.includes("/terms-"));
    const hitFiles = requests.filter((path) => path.includes("/hits-"));
    expect(termFiles.length).toBe(2); // "sql" and "raw" start with different letters in small shards
    expect(hitFiles.length).toBe(result.hits.length);
    const stats = await lazy.stats();
    expect(termFiles.length).toBeLessThan(stats.termShards);
    expect(hitFiles.length).toBeLessThan(stats.hitShards);
    expect(requests.length).toBe(1 + termFiles.length + hitFiles.length + requests.filter((path) => path.includes("/content-")).length);
  });

  it("fetches a few KB of section text per hit shown, not whole runs of neighbouring records", async () => {
    // 200 sections of ~300 characters; every tenth mentions "gizmo", so the 20 hits are spread out.
    const filler = "Plain words about nothing in particular fill this section of the page. ".repeat(4);
    const pages: SearchPageInput[] = Array.from({ length: 50 }, (_, page) => ({
      url: `/kit/page-${page}`,
      pluginId: "kit",
      sectionLabel: "kit",
      pageTitle: `Page ${page}`,
      sections: Array.from({ length: 4 }, (_, n) => ({
        level: n === 0 ? 1 : 2,
        heading: n === 0 ? "" : `Part ${n}`,
        anchor: n === 0 ? null : `part-${n}`,
        text: (page * 4 + n) % 10 === 0 ? `${filler} gizmo` : filler,
      })) as SearchPageInput["sections"],
    }));
    const files = buildSearchIndex(pages);
    let textChars = 0;
    const engine = createLocalSearch({
      fetchJson: async (path) => {
        const json = String(files.get(path));
        if (path.includes("/content-")) textChars += json.length;
        return JSON.parse(json);
      },
    });
    const result = await engine.search({ query: "gizmo", hitsPerPage: SEARCH_HITS_PER_PAGE });
    expect(result.hits).toHaveLength(SEARCH_HITS_PER_PAGE);
    expect(textChars).toBeLessThan(SEARCH_HITS_PER_PAGE * 2_500);
  });

  it("rejects when the index cannot be fetched, and tries again on the next query", async () => {
    const files = buildSearchIndex(fixturePages);
    let online = false;
    const flaky = createLocalSearch({
      fetchJson: async (path) => {
        if (!online) throw new TypeError("Failed to fetch");
        return JSON.parse(String(files.get(path)));
      },
    });
    await expect(flaky.search({ query: "sql" })).rejects.toThrow("Failed to fetch");
    online = true;
    expect((await flaky.search({ query: "sql" })).nbHits).toBeGreaterThan(0);
  });

  it("rejects an index in another format with a clear error", async () => {
    const broken = createLocalSearch({ fetchJson: async () => ({ nothing: true }) });
    await expect(broken.search({ query: "sql" })).rejects.toThrow(/search-index\/manifest\.json is not in the expected format/);
  });
});
