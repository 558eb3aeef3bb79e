import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildSearchIndex, type SearchPageInput } from "../../plugins/search/buildIndex";
import { buildIndexKeepingFiles, openPageTermsCache } from "../../plugins/search/termCache";
import type { SearchSection } from "../../src/core/search/types";
import { readStoredFacts } from "../../src/node/plugins/storedFacts";
import { DiskCache } from "../../src/node/cache";
import { MODULE_FIELDS, BETWEEN_FIELDS, storedPage, type StoredPage } from "../../src/node/bundle/storedPage";
import type { CompiledPage } from "../../src/node/markdown/compile";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import { fixturePages } from "./search-fixture";

const recorded = (files: Map<string, string | Uint8Array>) => new Map([...files].map(([name, contents]) => [name, outputContentHash(contents)]));

describe("a search index thread sent where the pages' facts are stored", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** The pages whose stored facts the index read (by their files' names), reading them as the build does. */
  let read: string[] = [];
  const counted = (page: SearchPageInput) => {
    read.push(path.basename(page.stored!.file, ".json"));
    return readStoredFacts(page.stored!).searchSections;
  };

  /** The pages as the build sends them to the thread: no sections, each compile's key and its entry, stored as the compile cache stores it. */
  function storedPages(dir: string, pages: readonly SearchPageInput[], keyOf: (n: number) => string): SearchPageInput[] {
    const cache = new DiskCache<StoredPage>(dir);
    return pages.map(({ sections, ...page }, n) => {
      const compiled = { code: "export default 1", toc: [], contentTitle: page.pageTitle, facts: { ids: [], links: [], toc: [], searchSections: sections! }, warnings: [] } as unknown as CompiledPage;
      cache.setSplit(keyOf(n), storedPage(compiled), MODULE_FIELDS, BETWEEN_FIELDS);
      return { ...page, compileKey: keyOf(n), stored: { file: cache.fileOf(keyOf(n)) } };
    });
  }

  it("writes a cold build's index, and on a rebuild reads only the pages whose files it makes", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "search-stored-"));
    const cacheDir = mkdtempSync(path.join(tmpdir(), "search-stored-cache-"));
    dirs.push(dir, cacheDir);
    read = [];
    const first = buildIndexKeepingFiles(storedPages(dir, fixturePages, (n) => `page-${n}`), openPageTermsCache(cacheDir), new Map(), counted);
    first.storeTerms();
    expect(first.files).toEqual(buildSearchIndex(fixturePages));
    expect(new Set(read).size).toBe(fixturePages.length);
    read = [];

    // Page 3's text changes: its compile has a new key.
    const edited = fixturePages.map((page, n) =>
      n === 3 ? { ...page, sections: page.sections!.map((section: SearchSection, s) => (s === 0 ? { ...section, text: `${section.text} It also covers savepoints.` } : section)) } : page,
    );
    const again = buildIndexKeepingFiles(storedPages(dir, edited, (n) => (n === 3 ? "page-3-edited" : `page-${n}`)), openPageTermsCache(cacheDir), recorded(first.files), counted);
    const cold = buildSearchIndex(edited);
    expect(new Set([...again.files.keys(), ...again.kept])).toEqual(new Set(cold.keys()));
    for (const [name, contents] of again.files) expect(contents).toBe(cold.get(name));
    for (const name of again.kept) expect(first.files.get(name)).toBe(cold.get(name));
    expect(read).toContain("page-3-edited");
    expect(new Set(read).size).toBeLessThan(fixturePages.length / 4);
  });

  it("names a stored entry it cannot read", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "search-stored-"));
    dirs.push(dir);
    const [page] = storedPages(dir, fixturePages.slice(0, 1), () => "gone");
    rmSync(page!.stored!.file);
    expect(() => buildIndexKeepingFiles([page!], undefined, new Map())).toThrow(`${page!.stored!.file}: a compiled page's stored facts could not be read`);
  });
});
