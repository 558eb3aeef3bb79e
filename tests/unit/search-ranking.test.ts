import { describe, expect, it } from "vitest";
import { engineFor, fixturePages, sectionsOf } from "./search-fixture";

// Which page a query finds first, and the rules that order hits, over the fixture site.

const { engine } = engineFor(fixturePages);

async function firstHit(query: string, extra: Record<string, unknown> = {}) {
  const result = await engine.search({ query, ...extra });
  return result.hits[0]?.url ?? null;
}

// query → the URL of the first hit.
const table: [string, string][] = [
  // API names: dotted, hyphenated, bare, camelCase.
  ["sql.identifier", "/pg-sql2/api/sql-identifier"],
  ["sql-identifier", "/pg-sql2/api/sql-identifier"],
  ["identifier", "/pg-sql2/api/sql-identifier"],
  ["sql.value", "/pg-sql2/api/sql-value"],
  ["sql.raw", "/pg-sql2/api/sql-raw"],
  ["sql-raw", "/pg-sql2/api/sql-raw"],
  ["sql.join", "/pg-sql2/api/sql-join"],
  ["sql.compile", "/pg-sql2/api/sql-compile"],
  ["sql.indent", "/pg-sql2/api/sql-indent"],
  ["sql.indentIf", "/pg-sql2/api/sql-indent-if"],
  ["sql-indent-if", "/pg-sql2/api/sql-indent-if"],
  ["isEquivalent", "/pg-sql2/api/sql-is-equivalent"],
  ["replaceSymbol", "/pg-sql2/api/sql-replace-symbol"],
  ["sql", "/pg-sql2/api/sql"],
  ["te", "/tamedevil/api/te"],
  ["te.ref", "/tamedevil/api/te-ref"],
  ["te-ref", "/tamedevil/api/te-ref"],
  ["te.lit", "/tamedevil/api/te-lit"],
  ["te.run", "/tamedevil/api/te-run"],
  ["te.compile", "/tamedevil/api/te-compile"],
  ["te.identifier", "/tamedevil/api/te-identifier"],
  ["safeKeyOrThrow", "/tamedevil/api/te-safe-key-or-throw"],
  ["te.tmp", "/tamedevil/api/te-tmp"],
  // Prefixes, as typed.
  ["sql.ide", "/pg-sql2/api/sql-identifier"],
  ["te.temp", "/tamedevil/api/te-temp-var"],
  ["middlew", "/graphile-config/plugin/middleware"],
  ["introspec", "/pg-introspection"],
  // One typo in a longer word.
  ["idnetifier", "/pg-sql2/api/sql-identifier"],
  ["sql.idnetifier", "/pg-sql2/api/sql-identifier"],
  ["sql.compiel", "/pg-sql2/api/sql-compile"],
  ["midleware", "/graphile-config/plugin/middleware"],
  ["placehodler", "/pg-sql2/api/sql-placeholder"],
  ["accesors", "/pg-introspection/accessors"],
  // Phrases and words that sit in headings or text.
  ["indent if", "/pg-sql2/api/sql-indent-if"],
  ["safe key or throw", "/tamedevil/api/te-safe-key-or-throw"],
  ["temp var", "/tamedevil/api/te-temp-var"],
  ["symbol alias", "/pg-sql2/api/sql-symbol-alias"],
  ["how it works", "/graphile-export/how-it-works"],
  ["development mode", "/pg-sql2/development-mode"],
  ["extending presets", "/graphile-config/preset#extending-presets"],
  ["disable plugins", "/graphile-config/preset#disabling-plugins"],
  ["placeholder numbering", "/pg-sql2/api/sql-compile#placeholder-numbering"],
  ["symbols as aliases", "/pg-sql2/api/sql-identifier#symbols-as-aliases"],
  ["escape hatch", "/pg-sql2/api/sql-raw"],
  ["cold start", "/graphile-export#when-to-export"],
  ["foreign keys", "/pg-introspection/accessors#getconstraints"],
  ["getAttributes", "/pg-introspection/accessors#getattributes"],
  // Titles of guide pages.
  ["preset", "/graphile-config/preset"],
  ["middleware", "/graphile-config/plugin/middleware"],
  ["eslint", "/graphile-export/eslint"],
  ["exportable", "/graphile-export/exportable"],
  ["naming", "/pg-introspection/naming"],
  ["importing", "/tamedevil/importing"],
  ["library authors", "/graphile-config/library-authors"],
  ["pg-sql2", "/pg-sql2"],
  ["tamedevil", "/tamedevil"],
];

describe("ranking: query → first hit", () => {
  it.each(table)("%s → %s", async (query, expected) => {
    expect(await firstHit(query)).toBe(expected);
  });
});

describe("ranking rules", () => {
  it("ranks a title match above a body match", async () => {
    const result = await engine.search({ query: "middleware" });
    const urls = result.hits.map((hit) => hit.url);
    // graphile-config's index and the plugins page mention middleware in their text only.
    expect(urls.indexOf("/graphile-config/plugin/middleware")).toBeLessThan(urls.indexOf("/graphile-config"));
    expect(urls.indexOf("/graphile-config/plugin/middleware")).toBeLessThan(urls.indexOf("/graphile-config/plugin"));
  });

  it("ranks a heading match above a body match", async () => {
    const result = await engine.search({ query: "dangers" });
    expect(result.hits[0]!.url).toBe("/pg-sql2/api/sql-raw#dangers");
    expect(result.hits[0]!.type).toBe("lvl2");
  });

  it("corrects a one-letter typo to the word the index holds", async () => {
    // "value" is a word of the index; "valeu" reaches it only with a typo.
    const typo = await engine.search({ query: "sql.valeu" });
    expect(typo.hits[0]!.url).toBe("/pg-sql2/api/sql-value");
  });

  it("ranks exact words above typo matches", async () => {
    // No page holds both words, so pages holding either one are returned. The title match would
    // win on headings alone; the exact word must win because it needed no correction.
    const { engine: pair } = engineFor([
      { url: "/x/identifier", pluginId: "x", sectionLabel: "x", pageTitle: "identifier", sections: sectionsOf("Quotes a name.") },
      { url: "/x/zebra", pluginId: "x", sectionLabel: "x", pageTitle: "Stripes", sections: sectionsOf("A zebra has stripes.") },
    ]);
    const result = await pair.search({ query: "zebra idnetifier" });
    expect(result.hits.map((hit) => hit.url)).toEqual(["/x/zebra", "/x/identifier"]);
  });

  it("requires every word, and falls back to any word when nothing has them all", async () => {
    const all = await engine.search({ query: "sql.join delimiter" });
    expect(all.hits.every((hit) => hit.url.startsWith("/pg-sql2/api/sql-join"))).toBe(true);
    const some = await engine.search({ query: "sql.join zebra" });
    expect(some.nbHits).toBeGreaterThan(0);
    expect(some.hits[0]!.url).toBe("/pg-sql2/api/sql-join");
  });

  it("does not let stop words alone decide a match", async () => {
    const result = await engine.search({ query: "how to compile a fragment" });
    expect(result.hits[0]!.url).toMatch(/compile/);
  });

  it("finds nothing for words the site does not contain", async () => {
    const result = await engine.search({ query: "kubernetes" });
    expect(result.nbHits).toBe(0);
    expect(result.hits).toEqual([]);
  });

  it("returns nothing for an empty or punctuation-only query", async () => {
    expect((await engine.search({ query: "" })).nbHits).toBe(0);
    expect((await engine.search({ query: " .-/ " })).nbHits).toBe(0);
  });
});
