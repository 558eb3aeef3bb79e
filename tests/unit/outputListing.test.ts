import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { confirmListingDigest, listOutput, listOutputOnHelperThread, listOutputWithDigest } from "../../src/node/build/outputListing";

describe("the listing of a last build's output", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "output-listing-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, "docs/café au lait/assets"), { recursive: true });
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Home</title>");
  writeFileSync(path.join(dir, "docs/café au lait/index.html"), "<p>Recipe</p>");
  writeFileSync(path.join(dir, "docs/café au lait/assets/chunk-a1b2.js"), "export {};");
  utimesSync(path.join(dir, "index.html"), new Date(2026, 0, 2), new Date(2026, 0, 2, 3, 4, 5, 678));

  it("comes out the same from the helper thread, through find or Node alone, as from the build's own thread", async () => {
    const own = listOutput(dir);
    expect(own).toHaveLength(3);
    expect(await listOutputOnHelperThread(dir, "find")).toEqual(own);
    expect(await listOutputOnHelperThread(dir, "node")).toEqual(own);
  });

  it("gives every file of a real build's output the same line through find as through Node", async () => {
    const output = mkdtempSync(path.join(tmpdir(), "output-listing-names-"));
    try {
      // Names that sort differently by bytes than by UTF-16 units, a tab, a newline and a dot-file.
      for (const name of ["a.b", "a/x", "a/b c", "z\u{1F600}", "z\uFFFD", "tab\there", "line\nbreak", ".marker"]) {
        mkdirSync(path.dirname(path.join(output, name)), { recursive: true });
        writeFileSync(path.join(output, name), name.repeat(3));
      }
      const own = listOutput(output);
      expect(own).toHaveLength(8);
      expect(await listOutputOnHelperThread(output, "find")).toEqual(own);
    } finally {
      rmSync(output, { recursive: true });
    }
  });

  it("notices an edit that keeps the size, by its modification time", async () => {
    const before = await listOutputOnHelperThread(dir);
    utimesSync(path.join(dir, "index.html"), new Date(2026, 0, 2), new Date(2026, 0, 2, 3, 4, 6));
    const after = await listOutputOnHelperThread(dir);
    expect(after).not.toEqual(before);
    expect(after).toEqual(listOutput(dir));
  });

  it("says a folder is unchanged when find prints it as it did for a digest, and lists it again once a time moved", async () => {
    const scratchFile = path.join(dir, "..", `${path.basename(dir)}-listing.tmp`);
    const first = await listOutputWithDigest(dir, "find");
    expect(first.lines).toEqual(listOutput(dir));
    expect(first.digest).toMatch(/^[\w-]{43}$/);
    expect(await confirmListingDigest(dir, first.digest!, scratchFile)).toEqual({ unchanged: true, digest: first.digest });
    utimesSync(path.join(dir, "docs/café au lait/index.html"), new Date(2026, 0, 3), new Date(2026, 0, 3, 9, 30));
    const after = await confirmListingDigest(dir, first.digest!, scratchFile);
    expect(after.unchanged).toBe(false);
    expect(after.unchanged ? [] : after.lines).toEqual(listOutput(dir));
  });

  it("confirms a digest from find's bytes alone, gives the lines when they differ, and leaves no scratch file", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "output-listing-scratch-"));
    const scratchFile = path.join(scratch, "output/listing-1.tmp");
    try {
      const first = await listOutputWithDigest(dir, "find");
      if (!first.digest) throw new Error("find gave no digest");
      expect(await confirmListingDigest(dir, first.digest, scratchFile)).toEqual({ unchanged: true, digest: first.digest });
      expect(existsSync(scratchFile)).toBe(false);
      writeFileSync(path.join(dir, "docs/café au lait/assets/chunk-c3d4.js"), "export const added = 1;");
      const after = await confirmListingDigest(dir, first.digest, scratchFile);
      expect(after.unchanged).toBe(false);
      expect(after.unchanged ? [] : after.lines).toEqual(listOutput(dir));
      expect(existsSync(scratchFile)).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("lists the folder through Node when there is no find to confirm a digest with", async () => {
    const searchPath = process.env.PATH;
    process.env.PATH = "";
    try {
      const listing = await confirmListingDigest(dir, "a digest find would have printed", path.join(dir, "..", "listing-nofind.tmp"));
      expect(listing.unchanged ? [] : listing.lines).toEqual(listOutput(dir));
    } finally {
      process.env.PATH = searchPath;
    }
  });

  it("lists a small output on the build's own thread as the helper thread does, and confirms the digest it gives", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "output-listing-here-"));
    const scratchFile = path.join(scratch, "listing.tmp");
    try {
      const here = await confirmListingDigest(dir, undefined, scratchFile, true);
      const thread = await listOutputWithDigest(dir, "find");
      expect(here).toEqual({ unchanged: false, lines: thread.lines, digest: thread.digest });
      expect(here.unchanged ? [] : here.lines).toEqual(listOutput(dir));
      expect(await confirmListingDigest(dir, here.digest, scratchFile, true)).toEqual({ unchanged: true, digest: here.digest });
      utimesSync(path.join(dir, "index.html"), new Date(2026, 0, 4), new Date(2026, 0, 4, 5, 6, 7));
      const after = await confirmListingDigest(dir, here.digest, scratchFile, true);
      expect(after.unchanged ? [] : after.lines).toEqual(listOutput(dir));
      expect(after.digest).not.toBe(here.digest);
      expect(existsSync(scratchFile)).toBe(false);
      const searchPath = process.env.PATH;
      process.env.PATH = "";
      try {
        const withoutFind = await confirmListingDigest(dir, here.digest, scratchFile, true);
        expect(withoutFind.unchanged ? [] : withoutFind.lines).toEqual(listOutput(dir));
      } finally {
        process.env.PATH = searchPath;
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("is empty for an empty folder", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "output-listing-empty-"));
    try {
      expect(await listOutputOnHelperThread(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});
