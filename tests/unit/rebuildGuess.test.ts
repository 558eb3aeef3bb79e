import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sourcesUnchangedSince, type OutputRecord } from "../../src/node/build/outputCache";

describe("guessing that a rebuild will reuse the last output (whether a compile thread starts early)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "rebuild-guess-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = ["intro.md", "guide.mdx"].map((name) => path.join(dir, name));
  for (const page of pages) writeFileSync(page, "# Page\n");
  const finishedAt = Date.now() + 60_000;
  const record = (extra: Partial<OutputRecord> = {}): OutputRecord => ({ fingerprint: "f", moduleFiles: pages, outDir: dir, listing: [], warnings: [], routes: [], finishedAt, ...extra });

  it("guesses a reuse when every page the last build bundled is older than its end", () => {
    expect(sourcesUnchangedSince(record())).toBe(true);
  });

  it("guesses a change when a page was saved after the build, is gone, or the record has no end time", () => {
    const later = new Date(finishedAt + 1000);
    utimesSync(pages[1], later, later);
    expect(sourcesUnchangedSince(record())).toBe(false);
    expect(sourcesUnchangedSince(record({ moduleFiles: [pages[0], path.join(dir, "removed.md")] }))).toBe(false);
    expect(sourcesUnchangedSince(record({ moduleFiles: [pages[0]], finishedAt: undefined }))).toBe(false);
    expect(sourcesUnchangedSince(record({ moduleFiles: [pages[0]] }))).toBe(true);
  });
});
