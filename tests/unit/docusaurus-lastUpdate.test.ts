import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lastUpdates } from "../../plugins/content-docs/lastUpdate";

// showLastUpdateTime / showLastUpdateAuthor read the last commit of each doc from git.
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#showLastUpdateTime
const DOCS = path.resolve(import.meta.dirname, "../fixtures/docusaurus-classic/docs");

describe("last update from git", () => {
  it("gives each committed doc the time and author of its last commit", async () => {
    const file = path.join(DOCS, "guides/filtering.md");
    const [time, ...author] = execFileSync("git", ["log", "-1", "--format=%ct %an", "--", file], { encoding: "utf8" }).trim().split(" ");
    const updates = await lastUpdates(DOCS);
    expect(updates.get(file)).toEqual({ lastUpdatedAt: Number(time), lastUpdatedBy: author.join(" ") });
    expect(updates.has(path.join(DOCS, "intro.md"))).toBe(true);
  });

  it("leaves out files outside any repository instead of failing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "no-git-"));
    try {
      writeFileSync(path.join(dir, "a.md"), "# A\n");
      expect((await lastUpdates(dir)).size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
