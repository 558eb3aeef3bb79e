import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../../src/node/build/build";
import type { SiteAssets } from "../../src/core/types";
import { copyFixture, readSections, type BuiltSection } from "./support";

describe("building a versioned site (versions.json, versioned_docs, versioned_sidebars)", () => {
  const site = copyFixture("versioned-site");
  let result: BuildResult;
  const out = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  const sections = () => readSections(path.join(site.dir, "build"));
  const assetsOf = (html: string) => JSON.parse(/<script id="__site_assets" type="application\/json">(.*?)<\/script>/s.exec(html)![1]) as SiteAssets;

  beforeAll(async () => {
    result = await buildSite({ siteDir: site.dir });
  });
  afterAll(() => site.remove());

  it("puts the last version at the base path, current at /next and older versions at /<name>", () => {
    expect(result.routes.filter((route) => route.startsWith("/docs")).sort()).toEqual([
      "/docs",
      "/docs/1.0",
      "/docs/1.0/installation",
      "/docs/1.0/legacy-options",
      "/docs/configuration",
      "/docs/guides/retries",
      "/docs/installation",
      "/docs/migrating",
      "/docs/next",
      "/docs/next/configuration",
      "/docs/next/guides/batching",
      "/docs/next/guides/retries",
      "/docs/next/installation",
      "/docs/next/whats-new",
    ]);
    // The non-default instance reads cli_versions.json and cli_versioned_docs.
    expect(result.routes.filter((route) => route.startsWith("/cli")).sort()).toEqual(["/cli", "/cli/commands", "/cli/next", "/cli/next/commands"]);
  });

  it("writes one route index per version, each naming only its own routes, its own version and its sidebars", () => {
    const byKey = new Map(sections().map((section) => [`${section.index.pluginId}@${section.index.section ?? ""}`, section]));
    expect([...byKey.keys()].sort()).toEqual(["__pages@", "cli@1.x", "cli@current", "default@1.0", "default@2.0", "default@current"]);
    const v1 = byKey.get("default@1.0")!;
    expect(v1.routes.map((route) => route.path).sort()).toEqual(["/docs/1.0", "/docs/1.0/installation", "/docs/1.0/legacy-options"]);
    expect(v1.index.versions.map((version) => version.name)).toEqual(["1.0"]);
    expect(v1.index.versions[0]).toMatchObject({ label: "1.0", isLast: false, path: "/docs/1.0", mainDocId: "intro", mainDocPath: "/docs/1.0" });
    expect(Object.keys(v1.sidebars["1.0"])).toEqual(["docs"]);
    // No chunk is shared between versions: a reader of one downloads nothing of another.
    const chunks = (section: BuiltSection) => new Set(section.routes.map((route) => route.chunk));
    const current = chunks(byKey.get("default@current")!);
    for (const chunk of chunks(byKey.get("default@2.0")!)) expect(current.has(chunk)).toBe(false);
  });

  it("tells the browser each version's prefix so the longest matching path picks its manifest", () => {
    const sections = assetsOf(out("docs/index.html")).routeSections.filter((section) => section.pluginId === "default");
    expect(sections.map((section) => [section.section, section.routeBasePath])).toEqual([
      ["current", "/docs/next"],
      ["2.0", "/docs"],
      ["1.0", "/docs/1.0"],
    ]);
    // Each page preloads its own version's route data only: its index and its sidebar. Its route's
    // record comes with the HTML, with the key of the section it belongs to.
    const html = out("docs/next/installation/index.html");
    const head = html.split("</head>")[0];
    const preloaded = [...head.matchAll(/rel="preload" href="([^"]+)" as="fetch"/g)].map((match) => match[1]);
    expect(preloaded).toEqual([expect.stringMatching(/^\/route-index\/default-current\.json$/), expect.stringMatching(/^\/assets\/sidebar-default-current-docs-[0-9a-f]{10}\.json$/)]);
    const record = JSON.parse(html.match(/<script id="__route_record" type="application\/json">(.*?)<\/script>/)![1]);
    expect(record).toMatchObject({ section: "default@current", route: { path: "/docs/next/installation", doc: { id: "installation" } } });
  });

  it("shows the unreleased and unmaintained banners, linking to the same page in the latest version", () => {
    const next = out("docs/next/installation/index.html");
    expect(next).toContain("doc-version-banner--unreleased");
    expect(next).toMatch(/which is not released yet/);
    expect(next).toMatch(/<a href="\/docs\/installation">this page in the latest version<\/a>/);
    const old = out("docs/1.0/legacy-options/index.html");
    expect(old).toContain("doc-version-banner--unmaintained");
    // No twin in the latest version: the banner leads to its main doc.
    expect(old).toMatch(/<a href="\/docs">this page in the latest version<\/a>/);
    expect(out("docs/installation/index.html")).not.toContain("doc-version-banner");
  });

  it("labels versions as configured and shows the badge on every version of a versioned plugin", () => {
    expect(out("docs/next/index.html")).toMatch(/doc-version-badge">Version: (<!-- -->)?3\.0 \(next\)/);
    expect(out("docs/index.html")).toMatch(/doc-version-badge">Version: (<!-- -->)?2\.0/);
    expect(out("docs/next/index.html")).toContain("docs-version-current");
  });

  it("asks search engines to skip a version with noIndex, and tags pages with their version for search", () => {
    expect(out("docs/1.0/index.html")).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(out("docs/index.html")).not.toContain('name="robots"');
    expect(out("docs/1.0/index.html")).toContain('<meta name="docsearch:docusaurus_tag" content="docs-default-1.0">');
    expect(out("cli/next/index.html")).toContain('<meta name="docsearch:docusaurus_tag" content="docs-cli-current">');
  });

  it("links the dropdown to the same doc in each version, else to that version's main doc", () => {
    const html = out("docs/1.0/installation/index.html");
    const dropdown = html.slice(html.indexOf("docs-version-dropdown"), html.indexOf("</ul>", html.indexOf("docs-version-dropdown")));
    expect(dropdown).toMatch(/<a href="\/docs\/next\/installation" class="dropdown__link">3\.0 \(next\)<\/a>/);
    expect(dropdown).toMatch(/<a href="\/docs\/installation" class="dropdown__link">2\.0<\/a>/);
    expect(dropdown).toMatch(/<a href="\/docs\/1\.0\/installation" class="dropdown__link is-active"/);
    expect(dropdown).toContain("All versions");
    const legacy = out("docs/1.0/legacy-options/index.html");
    expect(legacy).toMatch(/<a href="\/docs\/next" class="dropdown__link">3\.0 \(next\)<\/a>/);
  });

  it("points navbar doc links at the version of the page", () => {
    expect(out("docs/next/installation/index.html")).toMatch(/<a href="\/docs\/next\/configuration" class="navbar__link">Configuration/);
    expect(out("docs/installation/index.html")).toMatch(/<a href="\/docs\/configuration" class="navbar__link">Configuration/);
  });
});
