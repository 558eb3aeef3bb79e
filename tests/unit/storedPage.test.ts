import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DiskCache } from "../../src/node/cache";
import { MODULE_FIELDS, pageOfStored, SECTION_FIELDS, storedPage, type StoredPage } from "../../src/node/bundle/storedPage";
import type { CompiledPage } from "../../src/node/markdown/compile";
import { copyFacts } from "../../src/node/markdown/facts";
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
  it("comes back whole, its search sections read from their own line only when asked for", () => {
    const root = cacheRoot();
    new DiskCache<StoredPage>(root).setSplit("c0de", storedPage(compiled), MODULE_FIELDS, SECTION_FIELDS);
    const cache = new DiskCache<StoredPage>(root);
    const entry = cache.fileOf("c0de");
    // The facts' line holds no sections: reading every page's facts does not parse them.
    expect(JSON.parse(readFileSync(entry, "utf8").split("\n")[0]!).facts.searchSections).toBeUndefined();
    const page = pageOfStored(cache.getSplit("c0de", MODULE_FIELDS, SECTION_FIELDS)!);
    expect(JSON.parse(JSON.stringify(page))).toEqual(JSON.parse(JSON.stringify(compiled)));

    // Copied with a change (the build's image URLs in the plain copy), the facts still read nothing:
    // a broken sections line shows only when the copy's sections are used, naming the entry.
    const again = pageOfStored(cache.getSplit("c0de", MODULE_FIELDS, SECTION_FIELDS)!);
    const [facts, , module] = readFileSync(entry, "utf8").split("\n");
    writeFileSync(entry, `${facts}\n{ broken\n${module}`);
    const copy = copyFacts(again.facts, { plainCopy: { markdown: "Changed.\n", firstSentence: "Changed." } as never });
    expect(copy.ids).toEqual(["totals"]);
    expect(copy.plainCopy?.markdown).toBe("Changed.\n");
    expect(again.facts.plainCopy?.markdown).toBe("An order has lines.\n");
    expect(() => copy.searchSections).toThrow(entry);
  });
});
