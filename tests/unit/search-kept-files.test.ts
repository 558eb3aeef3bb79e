import path from "node:path";
import { describe, expect, it } from "vitest";
import { searchIndexFiles } from "../../plugins/search/indexThread";
import { buildSearchIndex, type SearchPageInput } from "../../plugins/search/buildIndex";
import type { MadeBlock } from "../../plugins/search/seriesBlocks";
import { SEARCH_MANIFEST_FILE } from "../../src/core/search/constants";
import { writePluginFiles, type PluginOutput } from "../../src/node/build/emitFiles";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import { fixturePages } from "./search-fixture";

/** What the build's record says of an output holding these files: each name with its bytes' hash. */
const recorded = (files: Map<string, string | Uint8Array>) => new Map([...files].map(([name, contents]) => [name, outputContentHash(contents)]));

/** The site after one page's text was edited. */
const withOneEdit = (pages: readonly SearchPageInput[]): SearchPageInput[] =>
  pages.map((page, n) => (n === 3 ? { ...page, sections: page.sections!.map((section, s) => (s === 0 ? { ...section, text: `${section.text} It also covers savepoints.` } : section)) } : page));

describe("the search index of a rebuild", () => {
  it("hands over only the files that differ from the last output's, and names the rest for the build to keep", async () => {
    const last = buildSearchIndex(fixturePages);
    const pages = withOneEdit(fixturePages);
    const cold = buildSearchIndex(pages);
    const { output } = searchIndexFiles(pages, undefined, undefined, recorded(last));
    const { files, kept } = await output;

    // Together they are the cold build's index, each file once.
    expect(new Set([...files.keys(), ...kept])).toEqual(new Set(cold.keys()));
    expect(files.size + kept.length).toBe(cold.size);
    for (const [name, contents] of files) expect(contents).toBe(cold.get(name));
    for (const name of kept) expect(cold.get(name)).toBe(last.get(name));
    // The edit changed the manifest (its series are named by their files' hashes) and a few files; most stay.
    expect([...files.keys()]).toContain(SEARCH_MANIFEST_FILE);
    expect(kept.length).toBeGreaterThan(files.size);
  });

  it("hands a file over when its name is in the last output but its bytes are not", async () => {
    const last = buildSearchIndex(fixturePages);
    const previous = recorded(last);
    const [someShard] = [...last.keys()].filter((name) => name !== SEARCH_MANIFEST_FILE);
    previous.set(someShard!, outputContentHash("what a hash collision of the file's name would leave there"));
    const { output } = searchIndexFiles(fixturePages, undefined, undefined, previous);
    const { files, kept } = await output;
    expect(files.get(someShard!)).toBe(last.get(someShard!));
    expect(kept).not.toContain(someShard);
    expect(kept).toHaveLength(last.size - 1);
  });

  it("hands over every file when there is no last output", async () => {
    const { output } = searchIndexFiles(fixturePages);
    const { files, kept } = await output;
    expect(kept).toEqual([]);
    expect([...files]).toEqual([...buildSearchIndex(fixturePages)]);
  });
});

describe("a plugin's kept files", () => {
  const outDir = "/site/build";
  const plugins = (kept: string[], files: Record<string, string> = {}) => [Promise.resolve({ plugin: "search", files, kept })];

  it("are kept from the last output, not written", async () => {
    const written: string[] = [];
    const keptFiles: string[] = [];
    await writePluginFiles(outDir, plugins(["search-index/hits-0.abc.json"], { "search-index/manifest.json": "{}" }), (file) => void written.push(file), undefined, (file) => {
      keptFiles.push(file);
      return true;
    });
    expect(keptFiles).toEqual(["/site/build/search-index/hits-0.abc.json"]);
    expect(written).toEqual(["/site/build/search-index/manifest.json"]);
  });

  it("must be in the last output: a file it lacks is an error naming the plugin and the file", async () => {
    await expect(writePluginFiles(outDir, plugins(["search-index/hits-0.abc.json"]), () => undefined, undefined, () => false)).rejects.toThrow(
      'plugin search: kept "search-index/hits-0.abc.json", which the last output does not have',
    );
  });

  it("count as the plugin's files: another plugin writing one is an error naming both", async () => {
    const none: Record<string, string> = {};
    const both = [Promise.resolve({ plugin: "search", files: none, kept: ["shared.json"] }), Promise.resolve({ plugin: "sitemap", files: { "shared.json": "[]" }, kept: [] })];
    await expect(writePluginFiles(outDir, both, () => undefined, undefined, () => true)).rejects.toThrow('plugins search and sitemap both write "shared.json"');
  });
});

describe("plugins' files", () => {
  it("are written as soon as their plugin has them, each plugin's largest first", async () => {
    const outDir = "/site/build";
    let finishSearch!: (output: PluginOutput) => void;
    const search = new Promise<PluginOutput>((resolve) => (finishSearch = resolve));
    const llms = Promise.resolve<PluginOutput>({ plugin: "llms", files: { "llms.txt": "# Site\n", "llms-full.txt": "# Page\n\nText.\n".repeat(100), "a.md": "# A\n\nText.\n" }, kept: [] });
    const written: string[] = [];
    const writing = writePluginFiles(outDir, [search, llms], (file) => void written.push(path.relative(outDir, file)));
    // The search index's thread is still at work: the other plugin's files do not wait for it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toEqual(["llms-full.txt", "a.md", "llms.txt"]);
    finishSearch({ plugin: "search", files: { "search-index/manifest.json": "{}" }, kept: [] });
    await writing;
    expect(written).toEqual(["llms-full.txt", "a.md", "llms.txt", "search-index/manifest.json"]);
  });

  it("report the first failure in plugin order", async () => {
    const failing = Promise.reject(new Error("search: the index's thread stopped"));
    const broken = Promise.resolve<PluginOutput>({ plugin: "sitemap", files: { "../outside.xml": "<urlset/>" }, kept: [] });
    await expect(writePluginFiles("/site/build", [failing, broken], () => undefined)).rejects.toThrow("search: the index's thread stopped");
  });
});

describe("the hit and content files of a rebuild", () => {
  /** A cache of made blocks, as termCache.ts keeps them, counting the blocks made again. */
  function blockCache() {
    const stored = new Map<string, MadeBlock>();
    const counts = { made: 0 };
    return {
      counts,
      reuse: (previous: ReadonlyMap<string, string>, kept: string[]) => ({
        pageKey: (page: SearchPageInput) => JSON.stringify([page.sectionLabel, page.pageTitle, page.sections]),
        blocks: {
          get: (recipe: readonly string[]) => stored.get(JSON.stringify(recipe)),
          set: (recipe: readonly string[], made: MadeBlock) => {
            if (stored.get(JSON.stringify(recipe)) !== made) counts.made += 1;
            stored.set(JSON.stringify(recipe), made);
          },
          previous,
          kept,
        },
      }),
    };
  }
  const seriesFiles = (names: Iterable<string>) => [...names].filter((name) => /\/(hits|content)-/.test(name));

  it("are made again only in the blocks holding an edited page's records; the rest are kept, unread, as the last output has them", () => {
    const cache = blockCache();
    const last = buildSearchIndex(fixturePages, { reuse: cache.reuse(new Map(), []) });
    expect(last).toEqual(buildSearchIndex(fixturePages));
    const blocksOfLast = cache.counts.made;
    cache.counts.made = 0;

    const pages = withOneEdit(fixturePages);
    const kept: string[] = [];
    const rebuilt = buildSearchIndex(pages, { reuse: cache.reuse(recorded(last), kept) });
    const cold = buildSearchIndex(pages);
    // Made and kept together are the cold build's files, each once, the kept ones with the last output's bytes.
    expect(new Set([...rebuilt.keys(), ...kept])).toEqual(new Set(cold.keys()));
    expect(rebuilt.size + kept.length).toBe(cold.size);
    for (const [name, contents] of rebuilt) expect(contents).toBe(cold.get(name));
    for (const name of kept) expect(last.get(name)).toBe(cold.get(name));
    // Only blocks holding the edited page's records, in each series: at most one per record and series.
    const editedRecords = fixturePages[3]!.sections!.filter((section) => section.level === 1 || section.heading || section.text).length;
    expect(cache.counts.made).toBeGreaterThanOrEqual(2);
    expect(cache.counts.made).toBeLessThanOrEqual(2 * editedRecords);
    expect(blocksOfLast).toBeGreaterThan(10);
    expect(seriesFiles(rebuilt.keys()).length).toBeLessThan(seriesFiles(cold.keys()).length / 10);
  });

  it("are made again when the last output lacks a kept block's file", () => {
    const cache = blockCache();
    const last = buildSearchIndex(fixturePages, { reuse: cache.reuse(new Map(), []) });
    const previous = recorded(last);
    const [someHits] = seriesFiles(last.keys());
    previous.delete(someHits!);
    const kept: string[] = [];
    const rebuilt = buildSearchIndex(fixturePages, { reuse: cache.reuse(previous, kept) });
    expect(rebuilt.get(someHits!)).toBe(last.get(someHits!));
    expect(new Set([...rebuilt.keys(), ...kept])).toEqual(new Set(last.keys()));
  });
});
