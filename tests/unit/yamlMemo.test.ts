import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../plugins/content-docs/frontMatter";
import { cacheDir } from "../../src/node/cache";
import { closeYamlMemo, memoizedYaml, openYamlMemo } from "../../src/node/yamlMemo";

/** One load of a site: the memo open around it, as loadSite does. */
function run<T>(siteDir: string, load: () => T): T {
  openYamlMemo(siteDir);
  try {
    return load();
  } finally {
    closeYamlMemo();
  }
}

describe("parsed YAML kept between builds", () => {
  const root = mkdtempSync(path.join(tmpdir(), "yaml-memo-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  afterEach(() => closeYamlMemo());
  let sites = 0;
  const newSite = () => path.join(root, `site-${++sites}`);

  it("parses a front matter block once; the next build reads the same values back", () => {
    const siteDir = newSite();
    const page = '---\ntitle: "Compiling queries"\nsidebar_position: 3\ntags: [sql, "pg-sql2"]\n---\n\n# Compiling\n';
    const first = run(siteDir, () => parseFrontMatter(page, "docs/compile.md"));
    let parses = 0;
    const counted = (block: string) => {
      parses++;
      return { parsedAgain: block };
    };
    const second = run(siteDir, () => ({ page: parseFrontMatter(page, "docs/compile.md"), direct: memoizedYaml('title: "Compiling queries"\nsidebar_position: 3\ntags: [sql, "pg-sql2"]', counted) }));
    expect(first.frontMatter).toEqual({ title: "Compiling queries", sidebar_position: 3, tags: ["sql", "pg-sql2"] });
    expect(second.page).toEqual(first);
    expect(second.direct).toEqual(first.frontMatter);
    expect(parses).toBe(0);
  });

  it("answers the compile's second reading after the load closes, and the next load's blocks replace those", () => {
    const siteDir = newSite();
    run(siteDir, () => memoizedYaml("title: Pools", () => ({ title: "Pools" })));
    let parses = 0;
    const counted = (block: string) => {
      parses++;
      return { parsed: block };
    };
    expect(memoizedYaml("title: Pools", counted)).toEqual({ title: "Pools" });
    expect(parses).toBe(0);
    run(siteDir, () => memoizedYaml("title: Other", () => ({ title: "Other" })));
    expect(memoizedYaml("title: Pools", counted)).toEqual({ parsed: "title: Pools" });
    expect(parses).toBe(1);
  });

  it("hands out a fresh copy each time, so one page's changes never reach another", () => {
    const siteDir = newSite();
    const page = "---\ntags: [a]\n---\nText\n";
    run(siteDir, () => parseFrontMatter(page, "a.md"));
    const [one, two] = run(siteDir, () => [parseFrontMatter(page, "a.md"), parseFrontMatter(page, "b.md")]);
    (one.frontMatter.tags as string[]).push("changed");
    expect(two.frontMatter.tags).toEqual(["a"]);
  });

  it("keeps no value JSON would change: .inf stays Infinity on every build (JSON would make it null)", () => {
    const siteDir = newSite();
    const page = "---\ntitle: Limits\nmax_rows: .inf\n---\nText\n";
    run(siteDir, () => parseFrontMatter(page, "docs/limits.md"));
    const again = run(siteDir, () => parseFrontMatter(page, "docs/limits.md"));
    expect(again.frontMatter).toEqual({ title: "Limits", max_rows: Infinity });
  });

  it("never keeps an error: a broken block fails with its line on every build", () => {
    const siteDir = newSite();
    const broken = "---\ntitle: Fine\nsidebar_position: [1\n---\nText\n";
    for (let build = 0; build < 2; build++) expect(() => run(siteDir, () => parseFrontMatter(broken, "docs/broken.md"))).toThrow(/docs\/broken\.md:\d+:\d+: invalid YAML front matter/);
  });

  it("ignores a memo written by another generator version, or one cut short", () => {
    const siteDir = newSite();
    const file = path.join(cacheDir(siteDir, "yaml"), "blocks.json");
    run(siteDir, () => parseFrontMatter("---\ntitle: Old\n---\n", "a.md"));
    const stored = JSON.parse(readFileSync(file, "utf8")) as { generator: string; entries: Record<string, string> };
    writeFileSync(file, JSON.stringify({ generator: "an older generator", entries: { "title: Old": JSON.stringify({ title: "stale" }) } }));
    expect(run(siteDir, () => parseFrontMatter("---\ntitle: Old\n---\n", "a.md")).frontMatter).toEqual({ title: "Old" });
    writeFileSync(file, JSON.stringify(stored).slice(0, 20));
    expect(run(siteDir, () => parseFrontMatter("---\ntitle: Old\n---\n", "a.md")).frontMatter).toEqual({ title: "Old" });
  });

  it("drops blocks no page has any more", () => {
    const siteDir = newSite();
    run(siteDir, () => [parseFrontMatter("---\ntitle: Kept\n---\n", "a.md"), parseFrontMatter("---\ntitle: Removed\n---\n", "b.md")]);
    run(siteDir, () => parseFrontMatter("---\ntitle: Kept\n---\n", "a.md"));
    const stored = JSON.parse(readFileSync(path.join(cacheDir(siteDir, "yaml"), "blocks.json"), "utf8")) as { entries: Record<string, string> };
    expect(Object.keys(stored.entries)).toEqual(["title: Kept"]);
  });
});
