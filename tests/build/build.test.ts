import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../../src/node/build/build";
import { GENERATOR_VERSION } from "../../src/node/version";
import { copyFixture, readSections } from "./support";

describe("building the fixture site", () => {
  const site = copyFixture("basic");
  let result: BuildResult;
  const out = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");

  beforeAll(async () => {
    result = await buildSite({ siteDir: site.dir });
  });
  afterAll(() => site.remove());

  it("writes one static HTML file per route, plus 404.html and sitemap.xml", () => {
    expect(result.routes.sort()).toEqual(["/", "/guide", "/guide/nested/deep", "/guide/second", "/search"]);
    for (const file of ["index.html", "guide/index.html", "guide/second/index.html", "guide/nested/deep/index.html", "search/index.html", "404.html", "sitemap.xml"]) {
      expect(existsSync(path.join(site.dir, "build", file)), file).toBe(true);
    }
    expect(out("sitemap.xml")).toContain("<loc>https://fixture.example.org/guide/second</loc>");
  });

  it("writes brotli and gzip copies beside every text file worth compressing, identical once decompressed", () => {
    const assets = readdirSync(path.join(site.dir, "build/assets"));
    const script = assets.find((name) => /^main-.*\.js$/.test(name))!;
    const original = readFileSync(path.join(site.dir, "build/assets", script));
    expect(brotliDecompressSync(readFileSync(path.join(site.dir, "build/assets", `${script}.br`)))).toEqual(original);
    expect(gunzipSync(readFileSync(path.join(site.dir, "build/assets", `${script}.gz`)))).toEqual(original);
    expect(existsSync(path.join(site.dir, "build/guide/second/index.html.br"))).toBe(true);
    // Images are compressed already: no copies of them.
    expect(readdirSync(path.join(site.dir, "build"), { recursive: true }).some((name) => /\.(png|jpg|woff2)\.(br|gz)$/.test(String(name)))).toBe(false);
  });

  it("leaves drafts out of a production build but lists their ids", () => {
    expect(existsSync(path.join(site.dir, "build/guide/draft/index.html"))).toBe(false);
    const docs = readSections(path.join(site.dir, "build")).find((section) => section.index.pluginId === "default")!;
    expect(docs.index.versions[0].draftIds).toEqual(["draft"]);
  });

  it("writes a route index with the version metadata the spec lists, the docs in its route chunks and each sidebar in its own file", () => {
    const docs = readSections(path.join(site.dir, "build")).find((section) => section.index.pluginId === "default")!;
    const version = docs.index.versions[0];
    expect(Object.keys(version).sort()).toEqual(["draftIds", "isLast", "label", "mainDocId", "mainDocPath", "name", "path", "sidebars"]);
    expect(version).toMatchObject({ name: "current", isLast: true, path: "/guide", mainDocId: "index", mainDocPath: "/guide" });
    // Each doc's id, path and sidebar: the version's docs, one route at a time.
    expect(docs.routes.map((route) => ({ id: route.doc?.id, path: route.path, sidebar: route.doc?.sidebar }))).toContainEqual({ id: "nested/deep", path: "/guide/nested/deep", sidebar: "tutorialSidebar" });
    expect(Object.keys(docs.sidebars.current)).toEqual(["tutorialSidebar"]);
    for (const route of docs.routes) expect(route.chunk).toMatch(/^\/assets\/page-.*\.js$/);
    expect(new Set(docs.routes.map((route) => route.chunk)).size).toBe(docs.routes.length);
  });

  it("orders the sidebar by position, the index first, categories from _category_.json", () => {
    const html = out("guide/index.html");
    const sidebar = html.slice(html.indexOf('aria-label="Docs sidebar"'));
    const order = ["Fixture guide", "Second page", "Nested things"].map((label) => sidebar.indexOf(`>${label}<`));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("leaves a closed category's empty list out of the server HTML, which keeps pages small on a sidebar of many categories", () => {
    const html = out("guide/index.html");
    const category = /<li class="menu__item menu__item--category is-collapsed">[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    expect(category).toContain(">Nested things<");
    // Without JavaScript the category is a link to its first page; the list and caret come with hydration.
    expect(category).toContain('href="/guide/nested/deep"');
    expect(category).not.toContain("collapsible");
    expect(category).not.toContain("aria-controls");
  });

  it("renders complete pages without JavaScript: article, sidebar, navbar, footer, TOC", () => {
    const html = out("guide/index.html");
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<nav class="navbar" aria-label="Main">');
    expect(html).toContain('aria-label="Docs sidebar"');
    expect(html).toMatch(/<article class="markdown">[\s\S]*Getting started/);
    expect(html).toContain('<nav class="toc__nav" aria-label="On this page">');
    expect(html).toContain("Fixture copyright");
    expect(html).toContain('href="/guide/second#details"');
  });

  it("puts title, description, canonical, Open Graph and generator tags in every page", () => {
    const html = out("guide/second/index.html");
    expect(html).toContain("<title>Second page | Guide | Fixture</title>");
    expect(html).toContain('<link rel="canonical" href="https://fixture.example.org/guide/second">');
    expect(html).toContain('<meta property="og:title" content="Second page | Guide | Fixture">');
    expect(html).toContain(`<meta name="generator" content="graphile-docs ${GENERATOR_VERSION} (docs system 3.8.1)">`);
    expect(html).toMatch(/<meta name="site-version" content="[^"]+">/);
  });

  it("uses hashed asset names and one chunk per page", () => {
    const assets = readdirSync(path.join(site.dir, "build/assets"));
    expect(assets.some((name) => /^main-[\w-]{8}\.js$/.test(name))).toBe(true);
    expect(assets.some((name) => /\.css$/.test(name))).toBe(true);
    expect(assets.filter((name) => name.startsWith("page-guide-")).length).toBe(3);
  });

  it("ships a page's chunk minified, importing the app's own chunks", () => {
    const assets = readdirSync(path.join(site.dir, "build/assets"));
    const chunk = assets.find((name) => /^page-guide-.*\.js$/.test(name))!;
    const code = out(`assets/${chunk}`);
    // The compile's long names and its indentation are gone; the imports name the app's chunks.
    expect(code).not.toMatch(/_createMdxContent|_components|\n {2}/);
    expect(code).toMatch(/from\s*"\.\/main-[\w-]{8}\.js"/);
    expect(code).toContain("export");
  });

  it("renders the not-found page into 404.html", () => {
    expect(out("404.html")).toContain("Page not found");
  });
});
