import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cleanLeftovers } from "../../src/node/build/leftovers";
import { claimMerge, journalOf, listingAfterMerge, mergeIntoPlace, planMerge, releaseClaim } from "../../src/node/build/mergeOutput";
import type { Plugin } from "../../src/node/plugins/types";
import { listOutput } from "../../src/node/build/outputListing";

const dir = mkdtempSync(path.join(os.tmpdir(), "merge-output-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under `root` with its text, by "/"-separated relative path. */
function tree(root: string): Record<string, string> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(files.map((entry) => [path.relative(root, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name), "utf8")]).sort());
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  }
}

/** A site folder with a last output and the staged changes of a rebuild: a page edited, one added, one gone, a file that becomes a folder. */
function rebuildOf(name: string) {
  const site = path.join(dir, name);
  const target = path.join(site, "build");
  const staging = `${target}.tmp-${process.pid}`;
  writeTree(target, {
    ".graphile-docs-build": "",
    "index.html": "<h1>Home</h1>",
    "guide/setup/index.html": "<h1>Setup, first draft</h1>",
    "guide/setup/index.html.br": "old brotli copy",
    "guide/retired/index.html": "<h1>A page since deleted</h1>",
    "guide/retired/index.html.gz": "its gzip copy",
    "assets/route-guide-aaaa.json": "[1]",
    "changelog": "a file where a folder will be",
  });
  writeTree(staging, {
    "guide/setup/index.html": "<h1>Setup, second draft</h1>",
    "guide/upgrading/index.html": "<h1>A new page</h1>",
    "assets/route-guide-bbbb.json": "[2]",
    "changelog/index.html": "<h1>Changes</h1>",
  });
  const lastListing = listOutput(target);
  // Home page and marker left in place; the edited page's stale copy and the gone page go.
  const plan = planMerge(Object.keys(tree(staging)), lastListing, ["index.html", ".graphile-docs-build"], [".br", ".gz"]);
  return { site, target, staging, lastListing, plan };
}

const merged = {
  ".graphile-docs-build": "",
  "assets/route-guide-bbbb.json": "[2]",
  "changelog/index.html": "<h1>Changes</h1>",
  "guide/setup/index.html": "<h1>Setup, second draft</h1>",
  "guide/upgrading/index.html": "<h1>A new page</h1>",
  "index.html": "<h1>Home</h1>",
};

describe("merging a rebuild's changes into its last output", () => {
  it("plans to remove what the new output lacks: gone pages, replaced files' stale copies, files a folder replaces", () => {
    const { plan } = rebuildOf("plan");
    expect([...plan.removed].sort()).toEqual(["assets/route-guide-aaaa.json", "changelog", "guide/retired/index.html", "guide/retired/index.html.gz", "guide/setup/index.html.br"]);
  });

  it("leaves the output as a fresh build of the changes would be, untouched files untouched, and nothing beside it", async () => {
    const { site, target, staging, lastListing, plan } = rebuildOf("merge");
    const home = statSync(path.join(target, "index.html"));
    mergeIntoPlace(staging, target, plan);
    expect(tree(target)).toEqual(merged);
    // Emptied folders go too.
    expect(existsSync(path.join(target, "guide/retired"))).toBe(false);
    const after = statSync(path.join(target, "index.html"));
    expect([after.ino, after.mtimeMs]).toEqual([home.ino, home.mtimeMs]);
    // The listing the build records is the one a fresh listing gives.
    expect(listingAfterMerge(target, lastListing, plan)).toEqual(listOutput(target));
    await vi.waitFor(() => expect(readdirSync(site)).toEqual(["build"]), { timeout: 10_000 });
  });

  it("puts the output back as it was when a step fails, and throws that step's error", () => {
    const { target, staging, plan } = rebuildOf("failing");
    const before = tree(target);
    let renames = 0;
    const failing = ((from: string, to: string) => {
      if (++renames === 6) throw Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" });
      renameSync(from, to);
    }) as typeof renameSync;
    expect(() => mergeIntoPlace(staging, target, plan, failing)).toThrow("EIO");
    expect(tree(target)).toEqual(before);
  });

  it("is rolled back by the next build when the machine stopped at any step of it", () => {
    const steps = rebuildOf("count").plan;
    // Each removal is one rename; each staged file one or two.
    const stepCount = steps.removed.length + steps.staged.length * 2;
    for (let stop = 1; stop <= stepCount; stop++) {
      const { site, target, staging, plan } = rebuildOf(`stop-${stop}`);
      const before = tree(target);
      const journal = journalOf(target);
      // The state at the moment of the stop, saved before the in-process rollback undoes it, then put back.
      const snapshot = path.join(site, "at-stop");
      let renames = 0;
      const stopping = ((from: string, to: string) => {
        if (++renames === stop) {
          for (const folder of [target, staging, journal]) if (existsSync(folder)) cpSync(folder, path.join(snapshot, path.basename(folder)), { recursive: true });
          throw new Error("the machine stopped");
        }
        renameSync(from, to);
      }) as typeof renameSync;
      try {
        mergeIntoPlace(staging, target, plan, stopping);
      } catch {
        // Expected whenever the stop falls within the merge.
      }
      if (!existsSync(snapshot)) continue;
      for (const folder of [target, staging, journal]) {
        rmSync(folder, { recursive: true, force: true });
        if (existsSync(path.join(snapshot, path.basename(folder)))) renameSync(path.join(snapshot, path.basename(folder)), folder);
      }
      // The merging process is gone when the next build starts.
      cleanLeftovers(site, target, () => false);
      expect(tree(target), `stopped at rename ${stop}`).toEqual(before);
      expect(existsSync(journal)).toBe(false);
    }
  });

  it("is claimed by one build at a time, and only when every plugin that reads the output handles a partial one", () => {
    const { site, target } = rebuildOf("claims");
    const compress: Plugin = { name: "compress", id: "compress", postBuild: () => undefined, handlesPartialOutput: true };
    const sitemap: Plugin = { name: "sitemap", id: "sitemap", emitFiles: () => ({}) };
    const offline: Plugin = { name: "offline", id: "offline", postBuild: () => undefined };
    // Another build, still running, holds a claim; one that died left its claim behind.
    mkdirSync(journalOf(target, 4242));
    expect(claimMerge(target, [compress, sitemap], (pid) => pid === 4242)).toBe(false);
    expect(existsSync(journalOf(target))).toBe(false);
    expect(claimMerge(target, [compress, sitemap, offline], () => false)).toBe(false);
    expect(claimMerge(target, [compress, sitemap], () => false)).toBe(true);
    expect(existsSync(journalOf(target))).toBe(true);
    releaseClaim(target);
    expect(readdirSync(site).sort()).toEqual(["build", "build.journal-4242", `build.tmp-${process.pid}`]);
  });
});
