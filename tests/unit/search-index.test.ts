import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSearchIndex, pagesToRecords, type SearchPageInput } from "../../plugins/search/buildIndex";
import { SEARCH_MANIFEST_FILE, SEARCH_MAX_HASHES } from "../../src/core/search/constants";
import { prefixWithinOneTypo, withinOneTypo } from "../../src/core/search/fuzzy";
import {
  HEADING_ANCESTOR,
  HEADING_NONE,
  HEADING_OWN,
  HEADING_SECTION,
  defaultAnchor,
  headingClassOf,
  makeWeight,
  shardFile,
  textClassOf,
  type ContentFile,
  type HitsFile,
  type SearchManifest,
  type TermsFile,
} from "../../src/core/search/indexFormat";
import { countPostings, decodePostings, encodePostings, headingLength, headingPositions, packHeading, type Posting } from "../../src/core/search/postings";
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

  it("gives the index the words a query is matched against: tokenize's, in order", () => {
    const text = "Use sql.identifier(...) with pgSql2Thing, SQLFragment and Ünïcode café; te.safeKeyOrThrow(key) 2x";
    expect(indexTerms(text)).toEqual(tokenize(text).map((token) => token.term));
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
  it("round-trips ids, weights, levels and, for own-heading entries, where the word stands in the heading", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 2_000_000 }), { maxLength: 200 }), fc.integer({ min: 0, max: 7 }), (raw, seed) => {
        const ids = [...raw].sort((a, b) => a - b);
        const entries: Posting[] = ids.map((id) => {
          const weight = (id + seed) % 8;
          return { id, weight, level: 1 + ((id + seed) % 3), heading: weight >= 6 ? (id * 7919 + seed) % 2 ** 18 : 0 };
        });
        const encoded = encodePostings(entries);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        const back: Posting[] = [];
        decodePostings(encoded, (id, weight, level, heading) => back.push({ id, weight, level, heading }));
        expect(back).toEqual(entries);
        expect(countPostings(encoded)).toBe(ids.length);
      }),
    );
  });

  it("tells the heading's lengths and the word's positions in it", () => {
    const heading = packHeading("sql", [["sql", "isequivalent"], ["sql", "is", "equivalent"]]);
    expect([headingLength(heading, 0), headingLength(heading, 1)]).toEqual([2, 3]);
    expect([headingPositions(heading, 0), headingPositions(heading, 1)]).toEqual([0b1, 0b1]);
    const repeated = packHeading("te", [["te", "te", "a", "b", "c", "d", "e", "te"], []]);
    expect(headingLength(repeated, 0)).toBe(7); // capped: 7 or more
    expect(headingPositions(repeated, 0)).toBe(0b11); // positions past the sixth are not kept
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
    expect(encodePostings([0, 1, 2, 3].map((id) => ({ id, weight: 1, level: 2, heading: 0 })))).toHaveLength(4);
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
    const named: string[] = [];
    manifest.terms.firsts.forEach((_, n) => named.push(shardFile(manifest.terms, n)));
    for (let n = 0; n < manifest.hits.count; n++) named.push(shardFile(manifest.hits, n));
    // Content only where some record's text goes on after its hit row's lead: no other is ever fetched.
    const more = new Map<number, number>();
    for (let n = 0; n < manifest.hits.count; n++) {
      const { start, r } = json<HitsFile>(files, shardFile(manifest.hits, n));
      r.forEach((row, k) => more.set(start + k, row[8]));
    }
    const unread: string[] = [];
    for (let n = 0; n < manifest.content.count; n++) {
      const ids = Array.from({ length: manifest.content.perShard }, (_, k) => n * manifest.content.perShard + k);
      (ids.some((id) => more.get(id) === 1) ? named : unread).push(shardFile(manifest.content, n));
    }
    expect(unread.length).toBeGreaterThan(0);
    for (const file of unread) expect(files.has(file), file).toBe(false);
    for (const file of named) {
      expect(files.has(file), file).toBe(true);
      expect(file).toMatch(/\.[0-9a-f]{8}\.json$/);
    }
    expect(files.size).toBe(1 + named.length);
  });

  it("renames only a block of files when one section's text changes, and never reuses a name for other contents", () => {
    const many: SearchPageInput[] = Array.from({ length: 300 }, (_, n) => ({
      url: `/guide/page-${n}`,
      pluginId: "default",
      sectionLabel: "guide",
      pageTitle: `Guide page ${n}`,
      sections: [{ level: 1, heading: "", anchor: null, text: `Page ${n} explains one small thing about widgets.` }],
    }));
    const before = buildSearchIndex(many);
    const edited = many.map((page, n) => (n === 120 ? { ...page, sections: [{ ...page.sections![0]!, text: "Page 120 now explains widgets differently." }] } : page));
    const after = buildSearchIndex(edited);
    const renamed = [...after.keys()].filter((file) => !before.has(file));
    expect(renamed.length).toBeGreaterThan(0);
    // Each series is named by at most SEARCH_MAX_HASHES hashes: an edit renames one block of each at most.
    expect(renamed.length).toBeLessThanOrEqual(3 * Math.ceil(many.length / SEARCH_MAX_HASHES) + 1);
    for (const [file, contents] of after) if (before.has(file) && file !== SEARCH_MANIFEST_FILE) expect(contents, file).toBe(before.get(file));
    const m = json<SearchManifest>(after, SEARCH_MANIFEST_FILE);
    for (const series of [m.terms, m.hits, m.content]) expect(series.hashes.length).toBeLessThanOrEqual(SEARCH_MAX_HASHES);
  });

  it("gives each plugin its docs-tag facet and the en language", () => {
    expect(manifest.language).toBe("en");
    expect(manifest.sections).toEqual([
      { label: "pg-sql2", tag: "docs-pg-sql2-current", end: 3 },
      { label: "graphile-config", tag: "docs-default-current", end: 4 },
    ]);
  });

  it("numbers the pages of a section together, so a record's section follows from its number", () => {
    const other = { ...pages[1]!, url: "/graphile-config/preset", pageTitle: "Presets" };
    const mixed = buildSearchIndex([pages[1]!, pages[0]!, other]);
    const m = json<SearchManifest>(mixed, SEARCH_MANIFEST_FILE);
    expect(m.sections.map((section) => [section.label, section.end])).toEqual([["graphile-config", 2], ["pg-sql2", 5]]);
    const urls = Array.from({ length: m.hits.count }, (_, n) => json<HitsFile>(mixed, shardFile(m.hits, n)).r.map((row) => row[0])).flat();
    expect(urls).toEqual(["/graphile-config", "/graphile-config/preset", "/pg-sql2/api/sql-raw", "/pg-sql2/api/sql-raw", "/pg-sql2/api/sql-raw"]);
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
    const rows = Array.from({ length: manifest.hits.count }, (_, n) => json<HitsFile>(files, shardFile(manifest.hits, n)).r).flat();
    // An anchor equal to the default slug of the heading is stored as 0.
    expect(rows).toEqual([
      ["/pg-sql2/api/sql-raw", "sql.raw", 1, "", "", "", 1, "Raw text.", 0],
      ["/pg-sql2/api/sql-raw", "sql.raw", 2, "Dangers", "", 0, 1, "Injection.", 0],
      ["/pg-sql2/api/sql-raw", "sql.raw", 3, "Trusted input", "Dangers", "custom-id", 1, "Only constants.", 0],
      ["/graphile-config", "graphile-config", 1, "", "", "", 1, "Presets and plugins.", 0],
    ]);
    expect(manifest.ranked).toEqual([[3, 4, 2]]); // a section index page ranks first on ties
  });

  it("indexes heading words with their weight: own heading, enclosing heading, text", () => {
    const terms = json<TermsFile>(files, shardFile(manifest.terms, 0));
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
    expect(json<TermsFile>(withHeading, shardFile(m.terms, 0)).t).toContain("the");
    expect(terms.t).toEqual([...terms.t].sort());
  });

  it("splits terms where their first three letters change, and hits and content by record count when asked", () => {
    const small = buildSearchIndex(pages, { termShardSize: 10, rowsPerFile: 2, textsPerFile: 3 });
    const m = json<SearchManifest>(small, SEARCH_MANIFEST_FILE);
    const { firsts } = m.terms;
    expect(firsts.length).toBeGreaterThan(3);
    expect(firsts[0]).toBe("");
    const blocks = new Map<string, number>();
    firsts.forEach((first, n) => {
      const next = firsts[n + 1];
      for (const term of json<TermsFile>(small, shardFile(m.terms, n)).t) {
        expect(term >= first).toBe(true);
        if (next) expect(term < next).toBe(true);
        const block = term.slice(0, 3);
        expect(blocks.get(block) ?? n).toBe(n);
        blocks.set(block, n);
      }
    });
    expect([m.hits.perShard, m.hits.count, m.content.perShard, m.content.count]).toEqual([2, 2, 3, 2]);
    const starts = Array.from({ length: m.hits.count }, (_, n) => json<HitsFile>(small, shardFile(m.hits, n)).start);
    expect(starts).toEqual([0, 2]);
  });

  it("is deterministic", () => {
    expect([...buildSearchIndex(pages)]).toEqual([...files]);
  });

  it("cuts very long stored text but indexes all of it", () => {
    const long = buildSearchIndex(
      [{ ...pages[1]!, sections: [{ level: 1, heading: "", anchor: null, text: `${"word ".repeat(2000)}needle` }] }],
      { maxStoredContent: 100, leadChars: 40 },
    );
    const m = json<SearchManifest>(long, SEARCH_MANIFEST_FILE);
    // The hit row holds the start of the text (cut at a space), the content file the rest.
    const [row] = json<HitsFile>(long, shardFile(m.hits, 0)).r;
    const rest = json<ContentFile>(long, shardFile(m.content, 0)).c[0]!;
    expect(row![7]).toBe("word ".repeat(8).trim());
    expect(row![8]).toBe(1);
    expect(row![7] + rest).toBe(`${"word ".repeat(20)}…`);
    const terms = json<TermsFile>(long, shardFile(m.terms, 0));
    expect(terms.t).toContain("needle");
  });

  it("derives default anchors like the heading slugger", () => {
    expect(defaultAnchor("Symbols as aliases")).toBe("symbols-as-aliases");
    expect(defaultAnchor("sql.identifier()")).toBe("sqlidentifier");
    expect(defaultAnchor("Ordering with before & after")).toBe("ordering-with-before--after");
  });
});
