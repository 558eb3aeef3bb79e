import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { DiskCache, EntryReplacedError, generatorFingerprint, readFirstLine } from "../../src/node/cache";
import { tempFolders } from "./helpers/tempFolders";

const cacheRoot = tempFolders("disk-cache");

describe("the disk cache", () => {
  it("keeps what was stored for the next build of the same generator", () => {
    const root = cacheRoot();
    new DiskCache<{ n: number }>(root).set("a1b2c3", { n: 7 });
    expect(new DiskCache<{ n: number }>(root).get("a1b2c3")).toEqual({ n: 7 });
  });

  it("knows which entries are stored, those stored or deleted after it first looked included", () => {
    const root = cacheRoot();
    new DiskCache<{ n: number }>(root).set("a1b2c3", { n: 1 });
    new DiskCache<{ n: number }>(root).setSplit("a1ffff", { n: 2 }, []);
    const cache = new DiskCache<{ n: number }>(root);
    expect([cache.has("a1b2c3"), cache.has("a1ffff"), cache.has("b2c3d4")]).toEqual([true, true, false]);
    cache.set("b2c3d4", { n: 3 });
    cache.delete("a1b2c3");
    expect([cache.has("a1b2c3"), cache.has("b2c3d4")]).toEqual([false, true]);
    // What another process stored since is a new cache's to see.
    new DiskCache<{ n: number }>(root).set("c3d4e5", { n: 4 });
    expect(new DiskCache<{ n: number }>(root).has("c3d4e5")).toBe(true);
    expect(new DiskCache<{ n: number }>(cacheRoot()).has("a1b2c3")).toBe(false);
  });

  it("removes what other generators stored, which no key of this one can reach, and keeps its own", async () => {
    const root = cacheRoot();
    // An older generator's folder, and the layout from before entries were kept by generator.
    for (const folder of ["0123456789abcdef/a1", "a1"]) {
      mkdirSync(path.join(root, folder), { recursive: true });
      writeFileSync(path.join(root, folder, "a1b2c3.json"), JSON.stringify({ n: 1 }));
    }
    const cache = new DiskCache<{ n: number }>(root);
    expect(cache.get("a1b2c3")).toBeUndefined();
    cache.set("a1b2c3", { n: 2 });
    await vi.waitFor(() => expect(readdirSync(root)).toEqual([generatorFingerprint().slice(0, 16)]), { timeout: 5000 });
    expect(cache.get("a1b2c3")).toEqual({ n: 2 });
    expect(existsSync(path.join(root, "0123456789abcdef"))).toBe(false);
  });

  it("keeps a value's bulky fields apart in its one entry, parses them only when used, and misses when they are gone", () => {
    const root = cacheRoot();
    type Page = { title: string; code: string; html?: string[] };
    const cache = new DiskCache<Page>(root);
    cache.setSplit("c0ffee", { title: "Orders", code: "export default 1;", html: ["<pre>1</pre>"] }, ["code", "html"]);
    const entries = readdirSync(root, { recursive: true }).map(String).filter((name) => name.endsWith(".json"));
    // One file per entry: making a file is what storing costs most.
    expect(entries.map((name) => path.basename(name))).toEqual(["c0ffee.json"]);
    const entry = path.join(root, entries[0]);
    const [first, bulkyPart] = readFileSync(entry, "utf8").split("\n");
    expect(JSON.parse(first)).toEqual({ title: "Orders" });

    const page = new DiskCache<Page>(root).getSplit("c0ffee", ["code", "html"])!;
    expect(page.title).toBe("Orders");
    // Not parsed yet: the entry's text is what answers when a field is first used.
    writeFileSync(entry, `${first}\n${JSON.stringify({ code: "export default 2;", html: [] })}`);
    expect(page).toEqual({ title: "Orders", code: "export default 2;", html: [] });
    expect(bulkyPart).toBe(JSON.stringify({ code: "export default 1;", html: ["<pre>1</pre>"] }));

    writeFileSync(entry, `${first}\n{ broken`);
    const damaged = new DiskCache<Page>(root).getSplit("c0ffee", ["code", "html"])!;
    expect(() => damaged.code).toThrow(entry);
    // Cut short before its bulky part, or gone: a miss.
    writeFileSync(entry, first);
    expect(new DiskCache<Page>(root).getSplit("c0ffee", ["code", "html"])).toBeUndefined();
    rmSync(entry);
    expect(new DiskCache<Page>(root).getSplit("c0ffee", ["code", "html"])).toBeUndefined();
  });

  it("reads back a first part longer than one read, and a bulky part of any length", () => {
    const root = cacheRoot();
    type Page = { toc: string[]; code: string };
    // A long API page: its table of contents alone spans several of the reads the first line takes.
    const toc = Array.from({ length: 3000 }, (_, n) => `Function number ${n} of the reference`);
    const code = "x".repeat(100_000);
    new DiskCache<Page>(root).setSplit("beef01", { toc, code }, ["code"]);
    const page = new DiskCache<Page>(root).getSplit("beef01", ["code"])!;
    expect(page.toc).toEqual(toc);
    expect(page.code).toBe(code);
    new DiskCache<Page>(root).setSplit("beef02", { toc: [], code: "" }, ["code"]);
    expect(new DiskCache<Page>(root).getSplit("beef02", ["code"])).toEqual({ toc: [], code: "" });
  });

  it("keeps each group of fields between the rest and the bulky part on a line of its own, each part read when first used", () => {
    const root = cacheRoot();
    type Page = { title: string; sections: string[]; summary: string; code: string };
    const cache = new DiskCache<Page>(root);
    cache.setSplit("ab12", { title: "Orders", sections: ["Totals", "Lines"], summary: "How orders add up.", code: "export default 1;" }, ["code"], [["sections"], ["summary"]]);
    const entry = cache.fileOf("ab12");
    expect(readFileSync(entry, "utf8").split("\n").map((line) => JSON.parse(line))).toEqual([{ title: "Orders" }, { sections: ["Totals", "Lines"] }, { summary: "How orders add up." }, { code: "export default 1;" }]);
    expect(readFirstLine(entry, 2)).toEqual({ text: `{"title":"Orders"}\n{"sections":["Totals","Lines"]}`, hasBreak: true });
    const page = new DiskCache<Page>(root).getSplit("ab12", ["code"], [["sections"], ["summary"]])!;
    // A copy of its fields' descriptors leaves every part unread: the sections' line is broken now, and nothing throws.
    const [first, , summary, last] = readFileSync(entry, "utf8").split("\n");
    writeFileSync(entry, `${first}\n{ broken\n${summary}\n${last}`);
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(page)) as Page;
    expect(page.title).toBe("Orders");
    expect(page.code).toBe("export default 1;");
    expect(page.summary).toBe("How orders add up.");
    expect(() => copy.sections).toThrow(entry);
  });

  it("asked to, reads a later part only from the entry its first line came from, never half of another", () => {
    const root = cacheRoot();
    type Record = { finishedAt: number; listing: string[] };
    const cache = new DiskCache<Record>(root);
    cache.setSplit("last-build", { finishedAt: 1, listing: ["index.html\t120\t1"] }, ["listing"]);
    const held = cache.getSplit("last-build", ["listing"], [], { sameEntry: true })!;
    const loose = cache.getSplit("last-build", ["listing"])!;
    // Another build stores its own record under the same key before this one reads the listing.
    new DiskCache<Record>(root).setSplit("last-build", { finishedAt: 2, listing: ["index.html\t131\t2", "about/index.html\t98\t2"] }, ["listing"]);
    expect(held.finishedAt).toBe(1);
    expect(() => held.listing).toThrow(EntryReplacedError);
    // Without sameEntry (entries named by their contents), the part is read from whatever is stored.
    expect(loose.listing).toHaveLength(2);
    const fresh = cache.getSplit("last-build", ["listing"], [], { sameEntry: true })!;
    cache.delete("last-build");
    expect(() => fresh.listing).toThrow(EntryReplacedError);
  });

  it("stores null whole, for a page that needs the bundler", () => {
    const root = cacheRoot();
    const cache = new DiskCache<{ code: string } | null>(root);
    cache.setSplit("feed01", null, ["code"]);
    expect(cache.getSplit("feed01", ["code"])).toBeNull();
    expect(cache.getSplit("feed02", ["code"])).toBeUndefined();
  });
});
