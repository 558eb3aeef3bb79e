/**
 * From 400 pages the build renders on a second thread too (src/node/build/renderThread.ts), and
 * from 200 it builds the search index on a thread of its own (plugins/search/indexThread.ts).
 * Threads start only from the compiled generator, so these builds run `scripts/run.mjs` from a
 * copy of it (as compiledStart.test.ts does), with BUILD_RENDER_THREAD and BUILD_SEARCH_THREAD
 * forcing them on for a small site, and BUILD_WORKERS=0 keeping every step on the main thread.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyFixture, expectSameTree, readTree } from "./support";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("rendering, and building the search index, beside the main thread", () => {
  const generator = mkdtempSync(path.join(tmpdir(), "graphile-docs-render-thread-"));
  for (const part of ["scripts", "src", "plugins", "package.json"]) cpSync(path.join(ROOT, part), path.join(generator, part), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(generator, "node_modules"));
  // One copy for both kinds of build, its output and caches cleared between them: nothing but the
  // threads differs. (Two copies once differed by their folders' names alone, in how a bundled page's
  // chunk wrapped React: src/node/bundle/steadyInterop.ts.)
  const site = copyFixture("docusaurus-classic");
  afterAll(() => {
    site.remove();
    rmSync(generator, { recursive: true, force: true });
  });
  /** The output as it is now; then the output and the caches go, so the next build starts cold. */
  const takeOutput = () => {
    const tree = readTree(path.join(site.dir, "build"));
    for (const part of ["build", "node_modules/.cache"]) rmSync(path.join(site.dir, part), { recursive: true, force: true });
    return tree;
  };

  const build = (siteDir: string, threads: "0" | "1") => {
    const run = spawnSync(process.execPath, [path.join(generator, "scripts/run.mjs"), "build", "--site", siteDir], {
      encoding: "utf8",
      env: { ...process.env, BUILD_RENDER_THREAD: threads, BUILD_SEARCH_THREAD: threads, ...(threads === "0" ? { BUILD_WORKERS: "0" } : {}), NODE_ENV: "production" },
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  it("writes the same files, byte for byte, as the main thread alone", () => {
    const withThread = build(site.dir, "1");
    expect(withThread.status, withThread.output).toBe(0);
    expect(withThread.output).toContain("rendered on two threads");
    const threadOutput = takeOutput();
    const alone = build(site.dir, "0");
    expect(alone.status, alone.output).toBe(0);
    expect(alone.output).not.toContain("rendered on two threads");
    expectSameTree(threadOutput, readTree(path.join(site.dir, "build")));
  }, 120_000);

  it("after an edit, rebuilds on the threads what a cold build of the edited site writes", () => {
    expect(build(site.dir, "1").status).toBe(0);
    const intro = site.read("docs/intro.md");
    site.write("docs/intro.md", `${intro}\nWidgets can also be nested, one inside another.\n`);
    try {
      const rebuild = build(site.dir, "1");
      expect(rebuild.status, rebuild.output).toBe(0);
      const rebuilt = takeOutput();
      expect(build(site.dir, "1").status).toBe(0);
      expectSameTree(rebuilt, readTree(path.join(site.dir, "build")));
      expect(rebuilt.get("search-index/manifest.json")?.toString()).toContain('"pageCount"');
    } finally {
      site.write("docs/intro.md", intro);
    }
  }, 120_000);

  it("compiles every page on two threads, each handed pages as it frees up", () => {
    const releases = copyFixture("docusaurus-classic");
    try {
      // Release notes enough for the compile to leave the main thread (from 20 pages).
      for (let n = 1; n <= 16; n++) {
        const version = `1.${n}.0`;
        releases.write(`docs/guides/release-${version}.md`, `---\ntitle: Version ${version}\nsidebar_position: ${100 + n}\n---\n\nVersion ${version} fixes ${n} issues.\n\n| Area | Change |\n| --- | --- |\n| Build | ${n} faster steps |\n\nSee [the intro](../intro.md) for what it is.\n`);
      }
      const run = spawnSync(process.execPath, [path.join(generator, "scripts/run.mjs"), "build", "--site", releases.dir], { encoding: "utf8", timeout: 100_000, env: { ...process.env, BUILD_WORKERS: "2", NODE_ENV: "production" } });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      for (let n = 1; n <= 16; n++) expect(releases.read(`build/guides/release-1.${n}.0/index.html`)).toContain(`Version 1.${n}.0 fixes ${n} issues.`);
    } finally {
      releases.remove();
    }
  }, 120_000);

  it("fails as the main thread alone does, naming the first page that cannot render, and leaves the last output in place", () => {
    // Every page with a paragraph fails: blocks on both threads fail, and the first in page order is the one to report.
    const components = 'import MDXComponents from "@theme-original/MDXComponents";\nimport Highlight from "@site/src/components/Highlight";\n\nfunction Paragraph() {\n  throw new Error("paragraphs are not ready yet");\n}\n\nexport default { ...MDXComponents, Highlight, p: Paragraph };\n';
    const lastOutput = readTree(path.join(site.dir, "build"));
    site.write("src/theme/MDXComponents.js", components);
    const withThread = build(site.dir, "1");
    expect(withThread.status).not.toBe(0);
    const afterThread = readTree(path.join(site.dir, "build"));
    rmSync(path.join(site.dir, "node_modules/.cache"), { recursive: true, force: true });
    const alone = build(site.dir, "0");
    expect(alone.status).not.toBe(0);
    const failure = (output: string) => /^.*Rendering .* failed.*$/m.exec(output)?.[0];
    expect(failure(withThread.output)).toContain("paragraphs are not ready yet");
    expect(failure(withThread.output)).toBe(failure(alone.output));
    expectSameTree(afterThread, lastOutput);
    expectSameTree(readTree(path.join(site.dir, "build")), lastOutput);
  }, 120_000);
});
