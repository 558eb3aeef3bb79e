import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DiskCache } from "../../src/node/cache";
import { MODULE_FIELDS, pageOfStored, BETWEEN_FIELDS, storedPage, type StoredPage } from "../../src/node/bundle/storedPage";
import type { CompiledPage } from "../../src/node/markdown/compile";
import { copyFacts, type PageFacts } from "../../src/node/markdown/facts";
import { imageStandIn } from "../../src/node/markdown/plainCopyImages";
import { withBuiltImages } from "../../src/node/build/copyImages";
import type { ViteManifest } from "../../src/node/build/viteManifest";
import type { SiteData } from "../../src/node/loadSite";
import { tempFolders } from "./helpers/tempFolders";

const cacheRoot = tempFolders("stored-page");

const compiled = {
  code: "export default function Page() { return null; }",
  toc: [{ value: "Totals", id: "totals", level: 2 }],
  contentTitle: "Orders",
  facts: {
    ids: ["totals"],
    links: [{ url: "/guide/lines", line: 4 }],
    toc: [{ value: "Totals", id: "totals", level: 2 }],
    searchSections: [{ heading: "Orders", level: 1, anchor: "", text: "An order has lines." }],
    plainCopy: { markdown: "An order has lines.\n", firstSentence: "An order has lines." },
  },
  warnings: [],
} as unknown as CompiledPage;

describe("a compiled page in the compile cache", () => {
  it("comes back whole, its search sections and plain copy read from their own lines only when asked for", () => {
    const root = cacheRoot();
    new DiskCache<StoredPage>(root).setSplit("c0de", storedPage(compiled), MODULE_FIELDS, BETWEEN_FIELDS);
    const cache = new DiskCache<StoredPage>(root);
    const entry = cache.fileOf("c0de");
    // The facts' line holds neither: reading every page's facts parses no sections and no copy.
    const factsLine = JSON.parse(readFileSync(entry, "utf8").split("\n")[0]!);
    expect(factsLine.facts.searchSections).toBeUndefined();
    expect(factsLine.facts.plainCopy).toBeUndefined();
    const page = pageOfStored(cache.getSplit("c0de", MODULE_FIELDS, BETWEEN_FIELDS)!);
    expect(JSON.parse(JSON.stringify(page))).toEqual(JSON.parse(JSON.stringify(compiled)));

    // Copied with a change (the build's image URLs in the plain copy), the facts still read nothing:
    // a broken sections line shows only when the copy's sections are used, naming the entry.
    const again = pageOfStored(cache.getSplit("c0de", MODULE_FIELDS, BETWEEN_FIELDS)!);
    const [facts, , copyLine, module] = readFileSync(entry, "utf8").split("\n");
    writeFileSync(entry, `${facts}\n{ broken\n${copyLine}\n${module}`);
    const copy = copyFacts(again.facts, { plainCopy: { markdown: "Changed.\n", firstSentence: "Changed." } as never });
    expect(copy.ids).toEqual(["totals"]);
    expect(copy.plainCopy?.markdown).toBe("Changed.\n");
    expect(again.facts.plainCopy?.markdown).toBe("An order has lines.\n");
    expect(() => copy.searchSections).toThrow(entry);
  });

  it("hands the build's plugins a stored page's facts with its copy unread when the copy shows no bundled image", () => {
    const root = cacheRoot();
    const withImage = { ...compiled, facts: { ...compiled.facts, plainCopy: { markdown: `![Till](${imageStandIn("/site/docs/till.png")})\n`, firstSentence: "" } } } as CompiledPage;
    const cache = new DiskCache<StoredPage>(root);
    cache.setSplit("c1", storedPage(compiled), MODULE_FIELDS, BETWEEN_FIELDS);
    cache.setSplit("c2", storedPage(withImage), MODULE_FIELDS, BETWEEN_FIELDS);
    // The copies' lines broken: whoever reads one fails, naming the entry.
    for (const key of ["c1", "c2"]) {
      const [facts, sections, , module] = readFileSync(cache.fileOf(key), "utf8").split("\n");
      writeFileSync(cache.fileOf(key), `${facts}\n${sections}\n{ broken\n${module}`);
    }
    const site = { siteDir: "/site", config: { url: "https://docs.example.org", baseUrl: "/" } } as SiteData;
    const built = withBuiltImages(site, { "docs/till.png": { file: "assets/till-1a2b.png" } } as ViteManifest);
    const plain = pageOfStored(cache.getSplit("c1", MODULE_FIELDS, BETWEEN_FIELDS)!).facts;
    expect(built.facts(plain)).toBe(plain);
    // The page with an image has its copy read, to give the image its built address.
    expect(() => built.facts(pageOfStored(cache.getSplit("c2", MODULE_FIELDS, BETWEEN_FIELDS)!).facts)).toThrow(cache.fileOf("c2"));
  });

  it("gives plugins a compile key that changes with the address of a built image its copy shows", () => {
    const withImage = { ...compiled.facts, plainCopy: { markdown: `![Till](${imageStandIn("/site/docs/till.png")})\n`, firstSentence: "" } } as PageFacts;
    const site = { siteDir: "/site", config: { url: "https://docs.example.org", baseUrl: "/" } } as SiteData;
    const before = withBuiltImages(site, { "docs/till.png": { file: "assets/till-1a2b.png" } } as ViteManifest);
    const after = withBuiltImages(site, { "docs/till.png": { file: "assets/till-9f8e.png" } } as ViteManifest);
    expect(before.key("c0de", compiled.facts)).toBe("c0de");
    expect(before.key("c0de", withImage)).not.toBe("c0de");
    expect(before.key("c0de", withImage)).toBe(before.key("c0de", withImage));
    expect(after.key("c0de", withImage)).not.toBe(before.key("c0de", withImage));
  });
});
