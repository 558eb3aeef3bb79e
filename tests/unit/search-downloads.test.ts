import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildSearchIndex, LARGE_INDEX_RECORDS, LARGE_INDEX_RECORDS_PER_FILE, type BuildSearchIndexOptions, type SearchPageInput } from "../../plugins/search/buildIndex";
import { SEARCH_HITS_PER_PAGE, SEARCH_MANIFEST_FILE } from "../../src/core/search/constants";
import { createLocalSearch } from "../../src/core/search/engine";
import type { SearchRequest } from "../../src/core/search/types";

// What a query downloads: the index files it fetches stay the same when the site grows, and it
// fetches a file per hit shown, plus the rest of a section's text only where the snippet needs it.

const filler = "Plain words about nothing in particular fill this section of the page.";

/** Pages of one section; every fifth section of text mentions "gizmo". */
function kitPages(count: number): SearchPageInput[] {
  return Array.from({ length: count }, (_, page) => ({
    url: `/kit/page-${page}`,
    pluginId: "kit",
    sectionLabel: "kit",
    pageTitle: `Kit page ${page}`,
    sections: Array.from({ length: 4 }, (_, n) => ({
      level: n === 0 ? 1 : 2,
      heading: n === 0 ? "" : `Part ${n}`,
      anchor: n === 0 ? null : `part-${n}`,
      text: (page * 4 + n) % 5 === 0 ? `${filler} A gizmo here.` : filler,
    })) as SearchPageInput["sections"],
  }));
}

/** Pages of another section that share no word with the kit pages. */
function zooPages(count: number): SearchPageInput[] {
  return Array.from({ length: count }, (_, page) => ({
    url: `/zoo/zebra-${page}`,
    pluginId: "zoo",
    sectionLabel: "zoo",
    pageTitle: "Zebra zone",
    sections: [
      { level: 1, heading: "", anchor: null, text: "Zebras zigzag zestfully." },
      { level: 2, heading: "Zebra zeal", anchor: "zebra-zeal", text: "Zoology zone." },
    ],
  }));
}

/** Runs a query on a fresh engine: its answer and the files it fetched with their gzip sizes. */
async function firstQuery(pages: SearchPageInput[], request: SearchRequest, options?: BuildSearchIndexOptions) {
  const files = buildSearchIndex(pages, options);
  const fetched = new Map<string, number>();
  const engine = createLocalSearch({
    fetchJson: async (path) => {
      const contents = String(files.get(path));
      fetched.set(path, gzipSync(contents).length);
      return JSON.parse(contents);
    },
  });
  const result = await engine.search(request);
  const bytes = (kind: string) => [...fetched].filter(([path]) => path.includes(`/${kind}-`)).reduce((sum, [, size]) => sum + size, 0);
  return { result, fetched, bytes };
}

describe("what a query downloads", () => {
  it("fetches the same term, hit and text files when the site grows by pages without its words", async () => {
    const request = { query: "gizmo", hitsPerPage: SEARCH_HITS_PER_PAGE };
    // The same layout for both (a large index groups its records, as the next test shows).
    const layout = { rowsPerFile: LARGE_INDEX_RECORDS_PER_FILE, textsPerFile: LARGE_INDEX_RECORDS_PER_FILE };
    const small = await firstQuery(kitPages(40), request, layout);
    const large = await firstQuery([...kitPages(40), ...zooPages(3_000)], request, layout);
    expect(large.result.hits).toEqual(small.result.hits);
    expect(large.result.hits).toHaveLength(SEARCH_HITS_PER_PAGE);
    for (const kind of ["terms", "hits", "content"]) expect(large.bytes(kind), kind).toBe(small.bytes(kind));
    // Only the manifest grows, by a few bytes per term shard and section.
    expect(large.fetched.get(SEARCH_MANIFEST_FILE)! - small.fetched.get(SEARCH_MANIFEST_FILE)!).toBeLessThan(400);
  });

  it("writes a file per record on a small site and four records to a file from LARGE_INDEX_RECORDS records", () => {
    const hitsFiles = (pages: SearchPageInput[]) => [...buildSearchIndex(pages).keys()].filter((file) => file.includes("/hits-")).length;
    const small = kitPages(40);
    expect(hitsFiles(small)).toBe(small.flatMap((page) => page.sections).length);
    const large = [...kitPages(40), ...zooPages(LARGE_INDEX_RECORDS)];
    expect(hitsFiles(large)).toBe(Math.ceil(large.flatMap((page) => page.sections).length / LARGE_INDEX_RECORDS_PER_FILE));
  });

  it("fetches one hits file per hit shown and no others, even when many headings hold the query", async () => {
    // Every page's title holds "gizmo"; only one title is "gizmo" alone, and it must come first.
    const pages = kitPages(200).map((page, n) => ({ ...page, pageTitle: n === 150 ? "Gizmo" : `Gizmo kit page ${n}` }));
    const { result, fetched } = await firstQuery(pages, { query: "gizmo", hitsPerPage: 5 });
    expect(result.hits[0]!.url).toBe("/kit/page-150");
    expect([...fetched.keys()].filter((path) => path.includes("/hits-"))).toHaveLength(5);
  });

  it("fetches the rest of a section's text only for a hit whose snippet lies past the start its hit row holds", async () => {
    const long = `${filler} `.repeat(20);
    const pages: SearchPageInput[] = [
      {
        url: "/kit/early",
        pluginId: "kit",
        sectionLabel: "kit",
        pageTitle: "Early",
        sections: [{ level: 1, heading: "", anchor: null, text: `A sprocket first. ${long}` }],
      },
      {
        url: "/kit/late",
        pluginId: "kit",
        sectionLabel: "kit",
        pageTitle: "Late",
        sections: [{ level: 1, heading: "", anchor: null, text: `${long} A sprocket last.` }],
      },
    ];
    const { result, fetched } = await firstQuery(pages, { query: "sprocket" });
    expect(result.hits.map((hit) => hit.url)).toEqual(["/kit/early", "/kit/late"]);
    for (const hit of result.hits) expect(hit._snippetResult.content.value).toContain("<mark>sprocket</mark>");
    expect(result.hits[1]!._snippetResult.content.value).toMatch(/^….* A <mark>sprocket<\/mark> last\.$/);
    const contentFiles = [...fetched.keys()].filter((path) => path.includes("/content-"));
    expect(contentFiles).toHaveLength(1);
  });
});
