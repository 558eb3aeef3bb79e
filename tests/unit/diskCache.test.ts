import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { DiskCache, generatorFingerprint } from "../../src/node/cache";
import { tempFolders } from "./helpers/tempFolders";

const cacheRoot = tempFolders("disk-cache");

describe("the disk cache", () => {
  it("keeps what was stored for the next build of the same generator", () => {
    const root = cacheRoot();
    new DiskCache<{ n: number }>(root).set("a1b2c3", { n: 7 });
    expect(new DiskCache<{ n: number }>(root).get("a1b2c3")).toEqual({ n: 7 });
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
});
