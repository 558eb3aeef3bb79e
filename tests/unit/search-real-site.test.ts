import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SEARCH_MANIFEST_FILE } from "../../src/core/search/constants";
import { createLocalSearch } from "../../src/core/search/engine";

// Ranking over the real site's index, as `npm run build` writes it (CI builds before `npm test`).
// Without a build/ folder there is nothing to read; a build without its index fails.
const BUILD = path.resolve(import.meta.dirname, "../../build");
const built = existsSync(BUILD);

const engine = createLocalSearch({ fetchJson: async (file) => JSON.parse(readFileSync(path.join(BUILD, file), "utf8")) });

const table: [string, string][] = [
  ["sql.identifier", "/pg-sql2/api/sql-identifier"],
  ["sql-identifier", "/pg-sql2/api/sql-identifier"],
  ["identifier", "/pg-sql2/api/sql-identifier"],
  ["idnetifier", "/pg-sql2/api/sql-identifier"],
  ["sql.ide", "/pg-sql2/api/sql-identifier"],
  ["sql.value", "/pg-sql2/api/sql-value"],
  ["sql.raw", "/pg-sql2/api/sql-raw"],
  ["sql.join", "/pg-sql2/api/sql-join"],
  ["sql.compile", "/pg-sql2/api/sql-compile"],
  ["compiel", "/pg-sql2/api/sql-compile"],
  ["sql.literal", "/pg-sql2/api/sql-literal"],
  ["sql.isEquivalent", "/pg-sql2/api/sql-is-equivalent"],
  ["escapeSqlIdentifier", "/pg-sql2/api/sql-escape-sql-identifier"],
  ["placehodler", "/pg-sql2/api/sql-placeholder"],
  ["indent", "/pg-sql2/api/sql-indent"],
  ["sql", "/pg-sql2/api/sql"],
  ["te", "/tamedevil/api/te"],
  ["te.ref", "/tamedevil/api/te-ref"],
  ["te-ref", "/tamedevil/api/te-ref"],
  ["te.lit", "/tamedevil/api/te-lit"],
  ["te.run", "/tamedevil/api/te-run"],
  ["te.compile", "/tamedevil/api/te-compile"],
  ["te.join", "/tamedevil/api/te-join"],
  ["te.tempVar", "/tamedevil/api/te-temp-var"],
  ["temp var", "/tamedevil/api/te-temp-var"],
  ["te.subs", "/tamedevil/api/te-substring"],
  ["safeKeyOrThrow", "/tamedevil/api/te-safe-key-or-throw"],
  ["reserved words", "/tamedevil/api/reserved-words"],
  ["importing", "/tamedevil/importing"],
  ["preset", "/graphile-config/preset"],
  ["middleware", "/graphile-config/plugin/middleware"],
  ["midleware", "/graphile-config/plugin/middleware"],
  ["library authors", "/graphile-config/library-authors"],
  ["eslint", "/graphile-export/eslint"],
  ["EXPORTABLE", "/graphile-export/exportable"],
  ["how it works", "/graphile-export/how-it-works"],
  ["the future", "/graphile-export/the-future"],
  ["development mode", "/pg-sql2/development-mode"],
  ["accessors", "/pg-introspection/accessors"],
  ["pg-introspection", "/pg-introspection"],
];

describe.skipIf(!built)("ranking over the real built site", () => {
  it("the build holds the search index", () => {
    expect(existsSync(path.join(BUILD, SEARCH_MANIFEST_FILE)), `${path.join(BUILD, SEARCH_MANIFEST_FILE)} is missing from the build`).toBe(true);
  });

  it.each(table)("%s → %s", async (query, expected) => {
    const result = await engine.search({ query });
    expect(result.hits[0]?.url).toBe(expected);
  });

  it("covers every docs section with the docs-tag facet", async () => {
    const manifest = JSON.parse(readFileSync(path.join(BUILD, SEARCH_MANIFEST_FILE), "utf8")) as { sections: { tag: string }[] };
    expect(manifest.sections.map((section) => section.tag).sort()).toEqual(
      ["docs-default-current", "docs-graphile-export-current", "docs-pg-introspection-current", "docs-pg-sql2-current", "docs-tamedevil-current"],
    );
  });
});
