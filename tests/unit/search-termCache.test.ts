import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSearchIndex, type PageTermsCache, type SearchPageInput } from "../../plugins/search/buildIndex";
import { PAGE_TERMS_FILE, openPageTermsCache } from "../../plugins/search/termCache";
import { decodePageTerms, encodePageTerms, type PageTermsContents } from "../../plugins/search/pageTermsFile";
import { tempFolders } from "./helpers/tempFolders";
import { fixturePages } from "./search-fixture";

const cacheFolder = tempFolders("page-terms");

/** The cache, counting the pages it answered. */
function counting(cache: PageTermsCache) {
  const counted = { hits: 0 };
  return {
    counted,
    cache: {
      get(page: SearchPageInput) {
        const terms = cache.get(page);
        if (terms) counted.hits += 1;
        return terms;
      },
      set: (page: SearchPageInput, terms: Parameters<PageTermsCache["set"]>[1]) => cache.set(page, terms),
    },
  };
}

/** The site after an edit: one page's text and another's title changed, the first page gone, a page added. */
function edited(pages: readonly SearchPageInput[]): SearchPageInput[] {
  const next = pages.slice(1).map((page, n) => {
    if (n === 2) return { ...page, sections: page.sections!.map((section, s) => (s === 0 ? { ...section, text: `${section.text} Now it also explains savepoints.` } : section)) };
    if (n === 4) return { ...page, pageTitle: `${page.pageTitle} in depth` };
    return page;
  });
  next.push({ url: "/pg-sql2/new-page", pluginId: "pg-sql2", sectionLabel: "pg-sql2", pageTitle: "Fresh arrivals", sections: [{ level: 1, heading: "", anchor: null, text: "A page the last build never saw." }] });
  return next;
}

describe("the page-terms file", () => {
  it("gives back each page's words and pairs, and the blocks, as they were stored", () => {
    const pages = new Map([
      ["page-a", { t: ["crème", "brûlée", "sugar"], r: [[0, 7, 2, 12], [1, 3]] }],
      ["page-b", { t: [], r: [] }],
      ["page-c", { t: ["sugar", "✓"], r: [[], [1, 2 ** 22, 0, 5]] }],
    ]);
    const blocks = { recipe: { hash: "ab12", omitted: [3] } };
    const asPlain = (contents: PageTermsContents) => [...contents.pages].map(([key, terms]) => [key, { t: terms.t, r: terms.r.map((pairs) => Array.from(pairs)) }]);
    const decoded = decodePageTerms(Buffer.concat(encodePageTerms(pages, blocks)))!;
    expect(asPlain(decoded)).toEqual([...pages]);
    expect(decoded.blocks).toEqual(blocks);
    // Written again with a page added: the read pages keep their words' numbers, the new page's new words follow.
    const more = new Map([...decoded.pages, ["page-d", { t: ["salt", "sugar"], r: [[1, 4, 0, 9]] }]]);
    const again = decodePageTerms(Buffer.concat(encodePageTerms(more, blocks, decoded.words)))!;
    expect(asPlain(again)).toEqual([...pages, ["page-d", { t: ["salt", "sugar"], r: [[1, 4, 0, 9]] }]]);
    expect(again.words).toEqual([...decoded.words, "salt"]);
  });

  it("is no cache when cut short, padded with more, or of another format", () => {
    const bytes = Buffer.concat(encodePageTerms(new Map([["page-a", { t: ["sugar"], r: [[0, 7]] }]]), {}));
    expect(decodePageTerms(bytes)).toBeDefined();
    expect(decodePageTerms(bytes.subarray(0, bytes.length - 4))).toBeUndefined();
    expect(decodePageTerms(Buffer.concat([bytes, Buffer.alloc(4)]))).toBeUndefined();
    expect(decodePageTerms(Buffer.from(JSON.stringify({ pages: {}, blocks: {} })))).toBeUndefined();
  });
});

describe("the search index's cache of pages' counted words", () => {
  it("gives the index a cold build makes after pages changed, came and went, taking the unchanged pages' words from the last build", () => {
    const dir = cacheFolder();
    const first = openPageTermsCache(dir);
    expect(buildSearchIndex(fixturePages, { termCache: first })).toEqual(buildSearchIndex(fixturePages));
    first.save();

    const pages = edited(fixturePages);
    const stored = openPageTermsCache(dir);
    const { cache, counted } = counting(stored);
    expect(buildSearchIndex(pages, { termCache: cache })).toEqual(buildSearchIndex(pages));
    // Every page but the edited two and the new one came from the cache.
    expect(counted.hits).toBe(pages.length - 3);
    stored.save();
    // The file keeps this build's pages only.
    expect(decodePageTerms(readFileSync(path.join(dir, PAGE_TERMS_FILE)))!.pages.size).toBe(new Set(pages.map((page) => JSON.stringify([page.sectionLabel, page.pageTitle, page.sections]))).size);
  });

  it("counts again where the file is cut short or an entry is not what the index needs", () => {
    const dir = cacheFolder();
    const first = openPageTermsCache(dir);
    buildSearchIndex(fixturePages, { termCache: first });
    first.save();
    const file = path.join(dir, PAGE_TERMS_FILE);
    const bytes = readFileSync(file);

    const stored = decodePageTerms(bytes)!;
    const outOfRange = new Map([...stored.pages].map(([key, terms]) => [key, { t: terms.t, r: terms.r.map((pairs) => Array.from(pairs, (n, i) => (i % 2 === 0 ? n + terms.t.length : n))) }]));
    writeFileSync(file, Buffer.concat(encodePageTerms(outOfRange, stored.blocks)));
    const wrongShape = counting(openPageTermsCache(dir));
    expect(buildSearchIndex(fixturePages, { termCache: wrongShape.cache })).toEqual(buildSearchIndex(fixturePages));
    expect(wrongShape.counted.hits).toBe(0);

    writeFileSync(file, bytes.subarray(0, bytes.length - 8));
    const cutShort = counting(openPageTermsCache(dir));
    expect(buildSearchIndex(fixturePages, { termCache: cutShort.cache })).toEqual(buildSearchIndex(fixturePages));
    expect(cutShort.counted.hits).toBe(0);
  });

  it("finds a page the build gives a compile key by that key, and counts again when the key changes", () => {
    const dir = cacheFolder();
    const keyed = fixturePages.map((page, n) => ({ ...page, compileKey: `compile-${n}` }));
    const first = openPageTermsCache(dir);
    buildSearchIndex(keyed, { termCache: first });
    first.save();

    // The same compiles: found by their keys, with sections that are new objects (as each build's are).
    const again = keyed.map((page) => ({ ...page, sections: page.sections!.map((section) => ({ ...section })) }));
    const sameKeys = counting(openPageTermsCache(dir));
    expect(buildSearchIndex(again, { termCache: sameKeys.cache })).toEqual(buildSearchIndex(again));
    expect(sameKeys.counted.hits).toBe(keyed.length);

    // Page 2 compiled again (a page it links to moved) to the same text: the key is what counts.
    const edits = keyed.map((page, n) => (n === 2 ? { ...page, compileKey: "compile-2-again" } : page));
    const oneNew = counting(openPageTermsCache(dir));
    expect(buildSearchIndex(edits, { termCache: oneNew.cache })).toEqual(buildSearchIndex(edits));
    expect(oneNew.counted.hits).toBe(keyed.length - 1);
  });
});

