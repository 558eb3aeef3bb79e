import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FSWatcher } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { siteWatcher } from "../../src/node/dev/siteWatcher";

describe("what the dev server's file watcher reads", () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), "site-watcher-"));
  const make = (relative: string, contents?: string) => {
    const file = path.join(siteDir, relative);
    mkdirSync(contents === undefined ? file : path.dirname(file), { recursive: true });
    if (contents !== undefined) writeFileSync(file, contents);
    return file;
  };
  const docs = make("docs/guide");
  const page = make("docs/guide/intro.md", "# Intro\n");
  const config = make("site.config.ts", "export default {};\n");
  make("build/guide/intro/index.html", "<!doctype html>");
  const staging = make("build.tmp-4242");
  // A build merging its changes into build/ in place keeps a journal beside it for a moment.
  const journal = make("build.journal-4242/old/guide/intro");
  const otherSite = make("bench/corpus/docs");
  make("bench/corpus/site.config.ts", "export default {};\n");
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

  const watch = siteWatcher(siteDir);
  const added: string[] = [];
  const watcher = { add: (paths: string | readonly string[]) => added.push(...[paths].flat()) } as unknown as FSWatcher;

  it("reads none of the site's folders until the first page is out", () => {
    expect(watch.ignored(path.join(siteDir, "docs"))).toBe(true);
    expect(watch.ignored(config)).toBe(true);
  });

  it("then watches the content and the config, never the build output", () => {
    watch.start(watcher);
    expect(added).toContain(path.join(siteDir, "docs"));
    expect(added).toContain(config);
    expect(added).not.toContain(path.join(siteDir, "build"));
    expect(added).not.toContain(staging);
    expect(added).not.toContain(path.join(siteDir, "build.journal-4242"));
    expect(watch.ignored(path.join(siteDir, "build.journal-4242"), statSync(journal))).toBe(true);
    expect(watch.ignored(path.join(siteDir, "docs"), statSync(path.join(siteDir, "docs")))).toBe(false);
    expect(watch.ignored(docs, statSync(docs))).toBe(false);
    expect(watch.ignored(page, statSync(page))).toBe(false);
    expect(watch.ignored(path.join(siteDir, "build"), statSync(path.join(siteDir, "build")))).toBe(true);
  });

  it("skips another site kept inside this one (a benchmark corpus, a test fixture)", () => {
    const corpus = path.dirname(otherSite);
    expect(watch.ignored(corpus, statSync(corpus))).toBe(true);
    expect(watch.ignored(path.join(siteDir, "bench"), statSync(path.join(siteDir, "bench")))).toBe(false);
  });

  it("starts once: a second start adds nothing", () => {
    const before = added.length;
    watch.start(watcher);
    expect(added.length).toBe(before);
  });
});
