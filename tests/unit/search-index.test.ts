import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSearchIndex, pagesToRecords, type SearchPageInput } from "../../plugins/search/buildIndex";
import { SEARCH_MANIFEST_FILE } from "../../src/core/search/constants";
import { prefixWithinOneTypo, withinOneTypo } from "../../src/core/search/fuzzy";
import {
  contentShardFile,
  HEADING_ANCESTOR,
  HEADING_NONE,
  HEADING_OWN,
  HEADING_SECTION,
  countPostings,
  decodePostings,
  defaultAnchor,
  encodePostings,
  headingClassOf,
  makeWeight,
  textClassOf,
  type RecordsFile,
  type SearchManifest,
  type TermsFile,
} from "../../src/core/search/indexFormat";
import { atomTerms, camelCaseBreaks, indexTerms, parseQuery, tokenize } from "../../src/core/search/tokenize";

describe("tokenize", () => {
  it("splits on punctuation and folds case and accents", () => {
    expect(indexTerms("sql.identifier sql-raw safe_key Café")).toEqual(["sql", "identifier", "sql", "raw", "safe", "key", "cafe"]);
  });

  it("indexes camelCase words whole and by their parts", () => {
    expect(indexTerms("isEquivalent")).toEqual(["isequivalent", "is", "equivalent"]);
    expect(indexTerms("SQLFragment")).toEqual(["sqlfragment", "sql", "fragment"]);
    expect(camelCaseBreaks("pgSql2Thing")).toEqual([2, 6]);
    expect(atomTerms("sql.isEquivalent")).toEqual(["sql", "is", "equivalent"]);
  });

  it("gives offsets into the original text", () => {
    const text = "te.safeKeyOrThrow(key)";
    for (const token of tokenize(text)) expect(text.slice(token.start, token.end).toLowerCase()).toBe(token.term);
  });

  it("parses queries: last word a prefix unless followed by a separator, stop words optional", () => {
    expect(parseQuery("how to compile", 64, 12)).toEqual([
      { term: "how", prefix: false, optional: true },
      { term: "to", prefix: false, optional: true },
      { term: "compile", prefix: true, optional: false },
    ]);
    expect(parseQuery("sql.raw ", 64, 12).at(-1)!.prefix).toBe(false);
    expect(parseQuery("the", 64, 12)).toEqual([{ term: "the", prefix: true, optional: false }]);
    expect(parseQuery("a".repeat(80), 64, 12)[0]!.term).toHaveLength(64);
  });
});

describe("fuzzy", () => {
  it("accepts one insertion, deletion, substitution or swap", () => {
    expect(withinOneTypo("identifier", "idnetifier")).toBe(true);
    expect(withinOneTypo("identifier", "identifer")).toBe(true);
    expect(withinOneTypo("identifier", "identifiers")).toBe(true);
    expect(withinOneTypo("identifier", "identifiez")).toBe(true);
    expect(withinOneTypo("identifier", "idnetifeir")).toBe(false);
    expect(withinOneTypo("join", "jion")).toBe(true);
  });
  it("matches a prefix within one typo", () => {
    expect(prefixWithinOneTypo("idne", "identifier")).toBe(true);
    expect(prefixWithinOneTypo("idnt", "identifier")).toBe(true);
    expect(prefixWithinOneTypo("xyzt", "identifier")).toBe(false);
  });
});

describe("postings encoding", () => {
  it("round-trips ids and weights", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 2_000_000 }), { maxLength: 200 }), fc.integer({ min: 0, max: 7 }), (raw, weight) => {
        const ids = [...raw].sort((a, b) => a - b);
        const weights = ids.map((id) => (id + weight) % 8);
        const encoded = encodePostings(ids, weights);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        const back: [number, number][] = [];
        decodePostings(encoded, (id, w) => back.push([id, w]));
        expect(back).toEqual(ids.map((id, i) => [id, weights[i]]));
        expect(countPostings(encoded)).toBe(ids.length);
      }),
    );
  });
  it("packs heading class and text count into three bits", () => {
    for (const heading of [HEADING_NONE, HEADING_SECTION, HEADING_ANCESTOR, HEADING_OWN]) {
      for (const count of [0, 1, 2, 5]) {
        if (heading === HEADING_NONE && count === 0) continue;
        const weight = makeWeight(heading, count);
        expect(weight).toBeLessThan(8);
        expect(headingClassOf(weight)).toBe(heading);
        if (heading === HEADING_NONE) expect(textClassOf(weight)).toBe(count >= 4 ? 3 : count >= 2 ? 2 : 1);
        else if (heading !== HEADING_SECTION) expect(textClassOf(weight) > 0).toBe(count > 0);
      }
    }
    // Better places rank higher: own heading > enclosing heading > section name > text.
    expect(makeWeight(HEADING_OWN, 0)).toBeGreaterThan(makeWeight(HEADING_ANCESTOR, 9));
    expect(makeWeight(HEADING_ANCESTOR, 0)).toBeGreaterThan(makeWeight(HEADING_SECTION, 0));
    expect(makeWeight(HEADING_SECTION, 0)).toBeGreaterThan(makeWeight(HEADING_NONE, 9));
  });

  it("uses one letter per entry for dense postings", () => {
    expect(encodePostings([0, 1, 2, 3], [1, 1, 1, 1])).toHaveLength(4);
  });
});

const pages: SearchPageInput[] = [
  {
    url: "/pg-sql2/api/sql-raw",
    pluginId: "pg-sql2",
    sectionLabel: "pg-sql2",
    pageTitle: "sql.raw",
    sections: [
      { level: 1, heading: "", anchor: null, text: "Raw text." },
      { level: 2, heading: "Dangers", anchor: "dangers", text: "Injection." },
      { level: 3, heading: "Trusted input", anchor: "custom-id", text: "Only constants." },
    ],
  },
  {
    url: "/graphile-config",
    pluginId: "default",
    sectionLabel: "graphile-config",
    pageTitle: "graphile-config",
    sections: [{ level: 1, heading: "", anchor: null, text: "Presets and plugins." }],
  },
];

function json<T>(files: Map<string, string | Uint8Array>, path: string): T {
  const contents = files.get(path);
  if (contents === undefined) throw new Error(`no file ${path}`);
  return JSON.parse(String(contents)) as T;
}

describe("buildSearchIndex", () => {
  const files = buildSearchIndex(pages);
  const manifest = json<SearchManifest>(files, SEARCH_MANIFEST_FILE);

  it("writes a manifest under search-index/ naming content-hashed files", () => {
    expect([...files.keys()].every((path) => path.startsWith("search-index/"))).toBe(true);
    expect(manifest.records).toMatch(/^search-index\/records\.[0-9a-f]{8}\.json$/);
    const named = [...manifest.terms.map((shard) => shard.file)];
    for (let n = 0; n < manifest.content.count; n++) named.push(contentShardFile(manifest.content, n));
    for (const file of named) {
      expect(files.has(file)).toBe(true);
      expect(file).toMatch(/\.[0-9a-f]{8}\.json$/);
    }
    expect(files.size).toBe(2 + manifest.terms.length + manifest.content.count);
  });

  it("gives each plugin its docs-tag facet and the en language", () => {
    expect(manifest.language).toBe("en");
    expect(manifest.sections).toEqual([
      { label: "pg-sql2", tag: "docs-pg-sql2-current" },
      { label: "graphile-config", tag: "docs-default-current" },
    ]);
  });

  it("makes one record per heading section, with the hierarchy", () => {
    const records = pagesToRecords(pages);
    expect(records.map((record) => [record.page, record.level, record.heading, record.anchor, record.text])).toEqual([
      [0, 1, "sql.raw", null, "Raw text."],
      [0, 2, "Dangers", "dangers", "Injection."],
      [0, 3, "Trusted input", "custom-id", "Only constants."],
      [1, 1, "graphile-config", null, "Presets and plugins."],
    ]);
    expect(manifest.recordCount).toBe(4);
    expect(manifest.pageCount).toBe(2);
    const recordsFile = json<RecordsFile>(files, manifest.records);
    // Anchors equal to the default slug of the heading are left out.
    expect(recordsFile.pages[0]).toEqual(["/pg-sql2/api/sql-raw", 0, "sql.raw", 0, [[2, "Dangers"], [3, "Trusted input", "custom-id"]]]);
    expect(recordsFile.pages[1]![3]).toBe(2); // a section index page ranks first on ties
  });

  it("indexes heading words with their weight: own heading, enclosing heading, text", () => {
    const terms = json<TermsFile>(files, manifest.terms[0]!.file);
    const postingsOf = (term: string) => {
      const out: [number, number][] = [];
      decodePostings(terms.p[terms.t.indexOf(term)]!, (id, weight) => out.push([id, weight]));
      return out;
    };
    // "raw": own heading and text in the intro; enclosing heading in the sections.
    expect(postingsOf("raw")).toEqual([
      [0, makeWeight(HEADING_OWN, 1)],
      [1, makeWeight(HEADING_ANCESTOR, 0)],
      [2, makeWeight(HEADING_ANCESTOR, 0)],
    ]);
    expect(postingsOf("injection")).toEqual([[1, makeWeight(HEADING_NONE, 1)]]);
    expect(postingsOf("dangers")).toEqual([[1, makeWeight(HEADING_OWN, 0)], [2, makeWeight(HEADING_ANCESTOR, 0)]]);
    // Stop words are indexed only where they are part of a heading.
    expect(terms.t).not.toContain("and");
    const withHeading = buildSearchIndex([{ ...pages[1]!, pageTitle: "The future", sections: [{ level: 1, heading: "", anchor: null, text: "the end" }] }]);
    const m = json<SearchManifest>(withHeading, SEARCH_MANIFEST_FILE);
    expect(json<TermsFile>(withHeading, m.terms[0]!.file).t).toContain("the");
    expect(terms.t).toEqual([...terms.t].sort());
  });

  it("splits terms by first letter and content by size when asked", () => {
    const small = buildSearchIndex(pages, { termShardSize: 10, contentShardSize: 10 });
    const m = json<SearchManifest>(small, SEARCH_MANIFEST_FILE);
    expect(m.terms.length).toBeGreaterThan(3);
    expect(m.terms[0]!.first).toBe("");
    m.terms.forEach((shard, i) => {
      const file = json<TermsFile>(small, shard.file);
      const letters = new Set(file.t.map((term) => term[0]));
      const next = m.terms[i + 1];
      for (const term of file.t) {
        expect(term >= shard.first).toBe(true);
        if (next) expect(term < next.first).toBe(true);
      }
      expect(letters.size).toBeGreaterThan(0);
    });
    expect(m.content.perShard).toBe(1);
    expect(m.content.count).toBe(4);
    const starts = Array.from({ length: m.content.count }, (_, n) => json<{ start: number }>(small, contentShardFile(m.content, n)).start);
    expect(starts).toEqual([0, 1, 2, 3]);
  });

  it("is deterministic", () => {
    expect([...buildSearchIndex(pages)]).toEqual([...files]);
  });

  it("cuts very long stored text but indexes all of it", () => {
    const long = buildSearchIndex(
      [{ ...pages[1]!, sections: [{ level: 1, heading: "", anchor: null, text: `${"word ".repeat(2000)}needle` }] }],
      { maxStoredContent: 100 },
    );
    const m = json<SearchManifest>(long, SEARCH_MANIFEST_FILE);
    const content = json<{ c: string[] }>(long, contentShardFile(m.content, 0));
    expect(content.c[0]!.length).toBeLessThanOrEqual(101);
    const terms = json<TermsFile>(long, m.terms[0]!.file);
    expect(terms.t).toContain("needle");
  });

  it("derives default anchors like the heading slugger", () => {
    expect(defaultAnchor("Symbols as aliases")).toBe("symbols-as-aliases");
    expect(defaultAnchor("sql.identifier()")).toBe("sqlidentifier");
    expect(defaultAnchor("Ordering with before & after")).toBe("ordering-with-before--after");
  });
});
