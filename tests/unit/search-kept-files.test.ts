import { describe, expect, it } from "vitest";
import { searchIndexFiles } from "../../plugins/search/indexThread";
import { buildSearchIndex, type SearchPageInput } from "../../plugins/search/buildIndex";
import { SEARCH_MANIFEST_FILE } from "../../src/core/search/constants";
import { writePluginFiles } from "../../src/node/build/emitFiles";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import { fixturePages } from "./search-fixture";

/** What the build's record says of an output holding these files: each name with its bytes' hash. */
const recorded = (files: Map<string, string | Uint8Array>) => new Map([...files].map(([name, contents]) => [name, outputContentHash(contents)]));

/** The site after one page's text was edited. */
const withOneEdit = (pages: readonly SearchPageInput[]): SearchPageInput[] =>
  pages.map((page, n) => (n === 3 ? { ...page, sections: page.sections.map((section, s) => (s === 0 ? { ...section, text: `${section.text} It also covers savepoints.` } : section)) } : page));

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
  const plugins = (kept: string[], files: Record<string, string> = {}) => Promise.resolve([{ plugin: "search", files, kept }]);

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
    const both = Promise.resolve([
      { plugin: "search", files: none, kept: ["shared.json"] },
      { plugin: "sitemap", files: { "shared.json": "[]" }, kept: [] },
    ]);
    await expect(writePluginFiles(outDir, both, () => undefined, undefined, () => true)).rejects.toThrow('plugins search and sitemap both write "shared.json"');
  });
});
