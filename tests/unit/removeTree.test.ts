import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { discardTogether, discardTree, isDiscarded, removeTree } from "../../src/node/build/removeTree";

describe("removing an old output", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "remove-tree-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("removes the folder and everything in it, and nothing a link inside it points at", async () => {
    const outside = path.join(dir, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "keep.txt"), "not ours to delete");
    const old = path.join(dir, "-build.old-123");
    mkdirSync(path.join(old, "docs/guide"), { recursive: true });
    writeFileSync(path.join(old, "docs/guide/index.html"), "<p>old</p>");
    writeFileSync(path.join(old, "index.html"), "<p>home</p>");
    symlinkSync(outside, path.join(old, "docs/linked"));
    symlinkSync(path.join(outside, "keep.txt"), path.join(old, "linked-file.txt"));
    await removeTree(old);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(path.join(outside, "keep.txt"))).toBe(true);
  });

  it("settles for a folder that is already gone", async () => {
    await expect(removeTree(path.join(dir, "never-there"))).resolves.toBeUndefined();
  });

  it("discarding frees the name at once and removes the folder in the background, not what links inside point at", async () => {
    const outside = path.join(dir, "outside-discard");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "keep.txt"), "not ours to delete");
    const old = path.join(dir, "site", "build.old-456");
    mkdirSync(path.join(old, "docs/guide"), { recursive: true });
    writeFileSync(path.join(old, "docs/guide/index.html"), "<p>old</p>");
    symlinkSync(outside, path.join(old, "docs/linked"));
    discardTree(old);
    expect(existsSync(old)).toBe(false);
    await vi.waitFor(() => expect(readdirSync(path.join(dir, "site"))).toEqual([]), { timeout: 10_000 });
    expect(existsSync(path.join(outside, "keep.txt"))).toBe(true);
  });

  it("discarding a build's leftovers together frees each name at once and removes them all with one process at the end", async () => {
    const site = path.join(dir, "site-together");
    const leftovers = ["build.journal-77", "build.tmp-77", ".ssr-77"].map((name) => path.join(site, name));
    for (const folder of leftovers) {
      mkdirSync(path.join(folder, "docs"), { recursive: true });
      writeFileSync(path.join(folder, "docs/index.html"), "<p>left over</p>");
    }
    const removals: (readonly string[])[] = [];
    const garbage = discardTogether((dirs) => {
      removals.push(dirs);
      for (const folder of dirs) void removeTree(folder);
    });
    for (const folder of leftovers) garbage.discard(folder);
    garbage.discard(path.join(site, "never-made"));
    for (const folder of leftovers) expect(existsSync(folder)).toBe(false);
    // Set aside, still there until the end.
    expect(readdirSync(site).map((name) => isDiscarded(path.join(site, name)))).toEqual([true, true, true]);
    expect(removals).toEqual([]);
    garbage.flush();
    // One removal of the three folders as set aside.
    expect(removals.length).toBe(1);
    expect(removals[0]!.map((folder) => path.dirname(folder))).toEqual([site, site, site]);
    expect(removals[0]!.every((folder) => isDiscarded(folder))).toBe(true);
    await vi.waitFor(() => expect(readdirSync(site)).toEqual([]), { timeout: 10_000 });
  });

  it("discarding a folder that is already gone does nothing", () => {
    expect(() => discardTree(path.join(dir, "never-there-either"))).not.toThrow();
  });

  it("names only its own set-aside folders as discarded", () => {
    expect(isDiscarded("/site/build.old-12.discarded-0123456789ab")).toBe(true);
    expect(isDiscarded("/site/build.old-12")).toBe(false);
    expect(isDiscarded("/site/notes.discarded-draft")).toBe(false);
  });
});
