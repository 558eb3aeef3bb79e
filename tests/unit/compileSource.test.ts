import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCompiler, type CompileJob } from "../../src/node/bundle/compileSource";
import { textDigest } from "../../src/node/sourceTexts";
import { validateSiteConfig } from "../../src/node/config/validate";
import type { SiteData } from "../../src/node/loadSite";
import type { CompiledPage } from "../../src/node/markdown/compile";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A site with one docs folder (a new one unless given), whose compiles are counted and finish only when `finish()` is called. */
function countingCompiler(siteDir = mkdtempSync(path.join(tmpdir(), "compile-source-"))) {
  folders.push(siteDir);
  const file = path.join(siteDir, "docs/intro.md");
  const config = validateSiteConfig({ title: "T", url: "https://example.org", docs: [{ id: "default", path: "docs", routeBasePath: "/docs", label: "Docs" }] });
  const site = { siteDir, config, plugins: [], manifests: [], routes: [], themeConfig: {}, routeOfSource: new Map([[file, "/docs/intro"]]), dataFiles: new Map() } as unknown as SiteData;
  const jobs: CompileJob[] = [];
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const compilePage = createPageCompiler(() => site, {
    dev: false,
    async compile(job) {
      jobs.push(job);
      await finished;
      const page: CompiledPage = { code: "export default null;", toc: [], facts: { ids: [], links: [], toc: [] } as unknown as CompiledPage["facts"], warnings: [{ file: job.file, line: 3, message: "unknown code language" }] };
      return page;
    },
  });
  return { compilePage, file, jobs, finish, siteDir };
}

/** A source given by its hash and names, whose text is read only through `text` (and counted). */
function unread(hashedText: string, text = hashedText) {
  const source = { reads: 0, digest: textDigest(hashedText), markdownNames: () => [], text: () => (source.reads++, text) };
  return source;
}

describe("the page compiler shared by the client and server bundles", () => {
  it("compiles a page asked for twice at once a single time, and hands its warnings out once", async () => {
    const { compilePage, file, jobs, finish } = countingCompiler();
    const both = Promise.all([compilePage(file, "# Intro\n"), compilePage(file, "# Intro\n")]);
    finish();
    const results = await both;
    expect(jobs).toHaveLength(1);
    expect(results.map((result) => result.fresh).sort()).toEqual([false, true]);
  });

  it("lets a prefetched compile reach the bundle that asks for the page, warnings included", async () => {
    const { compilePage, file, jobs, finish } = countingCompiler();
    compilePage.prefetch(file, "# Intro\n");
    finish();
    const first = await compilePage(file, "# Intro\n");
    const second = await compilePage(file, "# Intro\n");
    expect(jobs).toHaveLength(1);
    expect(first.fresh).toBe(true);
    expect(first.page.warnings).toHaveLength(1);
    expect(second.fresh).toBe(false);
  });

  it("compiles again when the source changed after a prefetch", async () => {
    const { compilePage, file, jobs, finish } = countingCompiler();
    compilePage.prefetch(file, "# Intro\n");
    finish();
    const changed = await compilePage(file, "# Introduction\n");
    expect(jobs.map((job) => job.body.trim())).toEqual(["# Intro", "# Introduction"]);
    expect(changed.fresh).toBe(true);
  });

  it("finds a page a build stored from its hash alone, reading no text", async () => {
    const first = countingCompiler();
    first.finish();
    await first.compilePage(first.file, "# Intro\n");
    const next = countingCompiler(first.siteDir);
    const source = unread("# Intro\n");
    expect(next.compilePage.known(next.file, source)).toBe(true);
    const result = await next.compilePage(next.file, source);
    expect(result.page.code).toBe("export default null;");
    expect(next.jobs).toHaveLength(0);
    expect(source.reads).toBe(0);
  });

  it("stores a page whose file was saved after its hash was taken under the text it compiled", async () => {
    const first = countingCompiler();
    first.finish();
    await first.compilePage(first.file, unread("# Old\n", "# New\n"));
    expect(first.jobs.map((job) => job.body)).toEqual(["# New\n"]);
    const next = countingCompiler(first.siteDir);
    expect(next.compilePage.known(next.file, "# Old\n")).toBe(false);
    expect(next.compilePage.known(next.file, "# New\n")).toBe(true);
  });
});
