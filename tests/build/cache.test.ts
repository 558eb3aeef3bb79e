import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture, expectSameTree, readTree } from "./support";



describe("the persistent compile cache", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const cache = path.join(site.dir, "node_modules/.cache/graphile-docs/mdx");
  const outputRecord = path.join(site.dir, "node_modules/.cache/graphile-docs/output");

  it("makes a rebuild whose output is byte-identical to a cold build", async () => {
    await buildSite({ siteDir: site.dir });
    expect(existsSync(cache)).toBe(true);
    const cold = readTree(path.join(site.dir, "build"));
    // The page compiles and the app bundle come from the cache here: the unchanged-output record is gone.
    rmSync(outputRecord, { recursive: true, force: true });
    const warm = await buildSite({ siteDir: site.dir, outDir: "build-warm" });
    expect(warm.timings).toHaveProperty("pages (app bundle reused)");
    expectSameTree(readTree(path.join(site.dir, "build-warm")), cold);
  });

  it("makes the same output when the pages' stored server modules were removed since the last build", async () => {
    const cold = readTree(path.join(site.dir, "build"));
    rmSync(outputRecord, { recursive: true, force: true });
    // The transform cache keeps no copy of them: its entries must count as missing now.
    rmSync(path.join(site.dir, "node_modules/.cache/graphile-docs/server-modules"), { recursive: true, force: true });
    const rebuilt = await buildSite({ siteDir: site.dir, outDir: "build-again" });
    expect(rebuilt.timings).toHaveProperty("pages (app bundle reused)");
    expectSameTree(readTree(path.join(site.dir, "build-again")), cold);
  });

  it("recompiles a page whose source changed, and only shows the new text", async () => {
    const page = "docs/guide/markdown.md";
    site.write(page, `${site.read(page)}\nA sentence added after the first build.\n`);
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(path.join(site.dir, "build/guide/markdown/index.html"), "utf8")).toContain("A sentence added after the first build.");
  });

  it("compiles again when the site adds its own MDX components, so its paragraph component shows", async () => {
    mkdirSync(path.join(site.dir, "src/theme"), { recursive: true });
    site.write(
      "src/theme/MDXComponents.js",
      [
        "import React from 'react';",
        "import MDXComponents from '@theme-original/MDXComponents';",
        "",
        "// Every paragraph of the docs gets the site's own class.",
        "export default { ...MDXComponents, p: (props) => <p className=\"lead-paragraph\" {...props} /> };",
        "",
      ].join("\n"),
    );
    await buildSite({ siteDir: site.dir });
    const article = /<article[\s\S]*<\/article>/.exec(readFileSync(path.join(site.dir, "build/guide/markdown/index.html"), "utf8"))?.[0] ?? "";
    expect(article).toContain('<p class="lead-paragraph">');
    // Long plain paragraphs too (a page compiled without the site's components keeps them as static HTML).
    expect(article.match(/<p>/g) ?? []).toEqual([]);
    rmSync(path.join(site.dir, "src/theme/MDXComponents.js"));
  });

  it("treats a corrupt cache entry as a miss", async () => {
    for (const entry of readdirSync(cache, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) writeFileSync(path.join(entry.parentPath, entry.name), '{"code": "not a module');
    }
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(path.join(site.dir, "build/guide/markdown/index.html"), "utf8")).toContain("A sentence added after the first build.");
  });
});

describe("a rebuild with nothing changed", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const built = (file: string) => path.join(site.dir, "build", file);

  it("reuses the last output, untouched, and prints the same warnings", async () => {
    const cold = await buildSite({ siteDir: site.dir });
    const before = readTree(path.join(site.dir, "build"));
    const stamp = statSync(built("index.html")).mtimeMs;
    const again = await buildSite({ siteDir: site.dir });
    expect(again.timings).toHaveProperty("reuse unchanged output");
    expect(again.timings).not.toHaveProperty("client and server bundles");
    expect(again.warnings).toEqual(cold.warnings);
    expect(again.routes).toEqual(cold.routes);
    expect(statSync(built("index.html")).mtimeMs).toBe(stamp);
    expectSameTree(readTree(path.join(site.dir, "build")), before);
  });

  it("copies the last output byte for byte into another output folder", async () => {
    const copy = await buildSite({ siteDir: site.dir, outDir: "build-copy" });
    expect(copy.timings).toHaveProperty("reuse unchanged output");
    expectSameTree(readTree(path.join(site.dir, "build-copy")), readTree(path.join(site.dir, "build")));
  });

  it("builds again when a component a page imports changed", async () => {
    const component = "docs/guide/_local.tsx";
    site.write(component, site.read(component).replace(">local-badge<", ">local-badge, edited<"));
    const result = await buildSite({ siteDir: site.dir });
    expect(result.timings).toHaveProperty("client and server bundles");
    expect(readFileSync(built("guide/mdx/index.html"), "utf8")).toContain("local-badge, edited");
  });

  it("builds again when a file of the last output was removed or edited", async () => {
    rmSync(built("guide/mdx/index.html"));
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(built("guide/mdx/index.html"), "utf8")).toContain("local-badge, edited");
    writeFileSync(built("index.html"), "tampered");
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(built("index.html"), "utf8")).not.toBe("tampered");
  });

  it("builds again when a static file changed", async () => {
    site.write("static/img/favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg"><title>edited</title></svg>');
    const result = await buildSite({ siteDir: site.dir });
    expect(result.timings).toHaveProperty("render pages");
    expect(readFileSync(built("img/favicon.svg"), "utf8")).toContain("edited");
  });
});
