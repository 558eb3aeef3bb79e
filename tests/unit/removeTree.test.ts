import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeTree } from "../../src/node/build/removeTree";

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
});
