import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { planVersions, versionNameProblem } from "../../plugins/content-docs/versions";
import { createDocsVersion } from "../../plugins/content-docs/docsVersion";
import { validateSiteConfig } from "../../src/node/config/validate";
import type { DocsInstanceConfig } from "../../src/node/config/types";
import { findVersion } from "../../src/core/routeMatch";
import { docsTagOfPath, pathInChain, siteShowsVersions, versionChain, versionTarget } from "../../src/core/docsVersions";
import type { NavbarItem } from "../../src/core/types";
import type { SectionSummary, VersionSummary } from "../../src/core/types";

let root: string;
let siteDir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
  writeFileSync(path.join(siteDir, file), text);
};
const instance = (extra: Partial<DocsInstanceConfig> = {}): DocsInstanceConfig => ({ id: "default", path: "docs", routeBasePath: "/docs", label: "Docs", ...extra });

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "versions-"));
  siteDir = path.join(root, "site");
  write("docs/intro.md", "# Intro\n");
  write("versions.json", JSON.stringify(["2.0", "1.0"]));
  write("versioned_docs/version-2.0/intro.md", "# Intro\n");
  write("versioned_docs/version-1.0/intro.md", "# Intro\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const summary = (plans: ReturnType<typeof planVersions>) => plans.map(({ name, label, path: at, isLast, banner, badge }) => ({ name, label, path: at, isLast, banner, badge }));

describe("the versions of a docs instance", () => {
  it("follow Docusaurus by default: newest last version at the base, current at /next, older at /<name>", () => {
    expect(summary(planVersions(siteDir, instance()))).toEqual([
      { name: "current", label: "Next", path: "/docs/next", isLast: false, banner: "unreleased", badge: true },
      { name: "2.0", label: "2.0", path: "/docs", isLast: true, banner: null, badge: true },
      { name: "1.0", label: "1.0", path: "/docs/1.0", isLast: false, banner: "unmaintained", badge: true },
    ]);
  });

  it("serve current at the base path with no badge when there is no versions.json", () => {
    rmSync(path.join(siteDir, "versions.json"));
    expect(summary(planVersions(siteDir, instance()))).toEqual([{ name: "current", label: "Next", path: "/docs", isLast: true, banner: null, badge: false }]);
  });

  it("honour lastVersion, per-version label, path, banner, badge and className", () => {
    const plans = planVersions(siteDir, instance({ lastVersion: "current", versions: { current: { label: "3.x", path: "three" }, "1.0": { banner: "none", badge: false, className: "old" } } }));
    expect(summary(plans)).toEqual([
      { name: "current", label: "3.x", path: "/docs/three", isLast: true, banner: null, badge: true },
      { name: "2.0", label: "2.0", path: "/docs/2.0", isLast: false, banner: "unmaintained", badge: true },
      { name: "1.0", label: "1.0", path: "/docs/1.0", isLast: false, banner: null, badge: false },
    ]);
    expect(plans[2].className).toBe("old");
    expect(plans[1].className).toBe("docs-version-2.0");
  });

  it("keep versions.json's order with onlyIncludeVersions, and leave current out on request", () => {
    expect(planVersions(siteDir, instance({ onlyIncludeVersions: ["1.0", "current"] })).map((plan) => plan.name)).toEqual(["current", "1.0"]);
    expect(planVersions(siteDir, instance({ includeCurrentVersion: false })).map((plan) => [plan.name, plan.path])).toEqual([["2.0", "/docs"], ["1.0", "/docs/1.0"]]);
    expect(planVersions(siteDir, instance({ disableVersioning: true })).map((plan) => [plan.name, plan.path])).toEqual([["current", "/docs"]]);
  });

  it("read a non-default instance's id-prefixed files", () => {
    write("community_versions.json", JSON.stringify(["0.9"]));
    write("community_versioned_docs/version-0.9/intro.md", "# Intro\n");
    write("community/intro.md", "# Intro\n");
    const plans = planVersions(siteDir, instance({ id: "community", path: "community", routeBasePath: "/community" }));
    expect(plans.map((plan) => [plan.name, plan.path, plan.sidebarFile && path.relative(siteDir, plan.sidebarFile)])).toEqual([
      ["current", "/community/next", undefined],
      ["0.9", "/community", "community_versioned_sidebars/version-0.9-sidebars.json"],
    ]);
  });

  it("explain bad options with the names that exist", () => {
    expect(() => planVersions(siteDir, instance({ lastVersion: "9.9" }))).toThrow(/lastVersion "9\.9" is not a version\. Available version names: current, 2\.0, 1\.0/);
    expect(() => planVersions(siteDir, instance({ onlyIncludeVersions: ["3.0"] }))).toThrow(/onlyIncludeVersions names unknown versions \(3\.0\)/);
    expect(() => planVersions(siteDir, instance({ onlyIncludeVersions: ["1.0"], lastVersion: "2.0" }))).toThrow(/must also be listed in onlyIncludeVersions/);
    expect(() => planVersions(siteDir, instance({ versions: { "7.0": { label: "x" } } }))).toThrow(/unknown versions \(7\.0\)/);
    rmSync(path.join(siteDir, "versioned_docs/version-1.0"), { recursive: true });
    expect(() => planVersions(siteDir, instance())).toThrow(/docs folder of version "1\.0" does not exist; expected versioned_docs\/version-1\.0/);
  });

  it("refuse a versions.json entry that cannot be a folder name", () => {
    write("versions.json", JSON.stringify(["2.0", "a/b"]));
    expect(() => planVersions(siteDir, instance())).toThrow(/versions\.json: entry 1 "a\/b" must not contain "\/"/);
  });
});

describe("version names", () => {
  it.each(["", "  ", "a/b", "a\\b", "a:b", "..", ".", "x".repeat(33), "a\u0001"])("refuse %j", (name) => expect(versionNameProblem(name)).toBeDefined());
  it.each(["1.0", "2.x.x", "v3-beta", "next"])("accept %j", (name) => expect(versionNameProblem(name)).toBeUndefined());
});

const versions: VersionSummary[] = [
  { name: "current", label: "Next", isLast: false, path: "/docs/next", mainDocPath: "/docs/next", banner: "unreleased", badge: true, className: "", noIndex: false },
  { name: "2.0", label: "2.0", isLast: true, path: "/docs", mainDocPath: "/docs", banner: null, badge: true, className: "", noIndex: false },
  { name: "1.0", label: "1.0", isLast: false, path: "/docs/1.0", mainDocPath: "/docs/1.0/intro", banner: "unmaintained", badge: true, className: "", noIndex: false },
];

describe("choosing a version", () => {
  it("takes the version with the longest matching path, whole segments only", () => {
    expect(findVersion(versions, "/docs/next/install")?.name).toBe("current");
    expect(findVersion(versions, "/docs/1.0")?.name).toBe("1.0");
    expect(findVersion(versions, "/DOCS/1.0/x/")?.name).toBe("1.0");
    expect(findVersion(versions, "/docs/1.00")?.name).toBe("2.0");
    expect(findVersion(versions, "/docs/nextgen")?.name).toBe("2.0");
    expect(findVersion(versions, "/blog")).toBeUndefined();
  });

  it("looks a doc up in the page's version, then the preferred, then the latest", () => {
    expect(versionChain(versions, "1.0", "current")).toEqual(["1.0", "current", "2.0"]);
    expect(versionChain(versions, undefined, "bogus")).toEqual(["2.0"]);
    expect(pathInChain({ "2.0": "/docs/a", current: "/docs/next/a" }, ["1.0", "current", "2.0"], "/x")).toBe("/docs/next/a");
    expect(versionTarget(versions[2], { current: "/docs/next/a" })).toBe("/docs/1.0/intro");
  });

  it("tags the page with its plugin and version for search", () => {
    const sections: SectionSummary[] = [{ pluginId: "default", label: "Docs", routeBasePath: "/docs", versions }];
    expect(docsTagOfPath(sections, "/docs/1.0/a")).toBe("docs-default-1.0");
    expect(docsTagOfPath(sections, "/docs/a")).toBe("docs-default-2.0");
    expect(docsTagOfPath(sections, "/")).toBeUndefined();
  });
});

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("the docs:version command", () => {
  const config = (docs: DocsInstanceConfig[]) => validateSiteConfig({ title: "T", url: "https://t.example", docs });

  it("snapshots docs and sidebars and puts the name first in versions.json, writing only inside the site", async () => {
    write("sidebars.json", JSON.stringify({ main: ["intro"] }));
    write("docs/guide/more.md", "# More\n");
    writeFileSync(path.join(root, "outside.txt"), "x");
    const before = filesUnder(root);
    await createDocsVersion({ siteDir, config: config([instance({ sidebarPath: "sidebars.json" })]), version: "3.0" });
    const added = filesUnder(root).filter((file) => !before.includes(file));
    expect(added).toEqual(["site/versioned_docs/version-3.0/guide/more.md", "site/versioned_docs/version-3.0/intro.md", "site/versioned_sidebars/version-3.0-sidebars.json"]);
    expect(JSON.parse(readFileSync(path.join(siteDir, "versions.json"), "utf8"))).toEqual(["3.0", "2.0", "1.0"]);
    expect(JSON.parse(readFileSync(path.join(siteDir, "versioned_sidebars/version-3.0-sidebars.json"), "utf8"))).toEqual({ main: ["intro"] });
    // The new version is the last one now.
    expect(planVersions(siteDir, instance()).find((plan) => plan.isLast)?.name).toBe("3.0");
  });

  it("writes the id-prefixed files of a non-default instance and the generated sidebar's definition", async () => {
    write("cli/index.md", "# CLI\n");
    await createDocsVersion({ siteDir, config: config([instance(), instance({ id: "cli", path: "cli", routeBasePath: "/cli" })]), pluginId: "cli", version: "1.x" });
    expect(readFileSync(path.join(siteDir, "cli_versions.json"), "utf8")).toBe('[\n  "1.x"\n]\n');
    expect(existsSync(path.join(siteDir, "cli_versioned_docs/version-1.x/index.md"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(siteDir, "cli_versioned_sidebars/version-1.x-sidebars.json"), "utf8"))).toEqual({ tutorialSidebar: [{ type: "autogenerated", dirName: "." }] });
  });

  it.each([
    ["2.0", /version "2\.0" already exists/],
    ["a/b", /invalid version name "a\/b": it must not contain "\/"/],
    ["x?y", /must be a valid folder name/],
    ["..", /must not be "\." or "\.\."/],
    [undefined, /name the version to create/],
  ])("refuses %j and writes nothing", async (name, message) => {
    const before = filesUnder(root);
    const versionsBefore = readFileSync(path.join(siteDir, "versions.json"), "utf8");
    await expect(createDocsVersion({ siteDir, config: config([instance()]), version: name })).rejects.toThrow(message);
    expect(filesUnder(root)).toEqual(before);
    expect(readFileSync(path.join(siteDir, "versions.json"), "utf8")).toBe(versionsBefore);
  });

  it("names the instances that exist when --plugin names none", async () => {
    await expect(createDocsVersion({ siteDir, config: config([instance()]), pluginId: "nope", version: "1" })).rejects.toThrow(/Available ids: default/);
  });
});

describe("siteShowsVersions (whether the site's JavaScript carries the version UI)", () => {
  const version = (name: string, extra: Partial<VersionSummary> = {}): VersionSummary => ({
    name, label: name, isLast: name === "current", path: "/docs", mainDocPath: "/docs/intro", banner: null, badge: false, className: "", noIndex: false, ...extra,
  });
  const site = (versions: VersionSummary[], items: NavbarItem[] = []) => ({
    sections: [{ pluginId: "default", label: "Docs", routeBasePath: "/docs", versions }, { pluginId: "pages", label: "Pages", routeBasePath: "/" }],
    navbar: { title: "Site", hideOnScroll: false, items },
  });

  it("is false for one unbannered, unbadged version and no version items", () => {
    expect(siteShowsVersions(site([version("current")]))).toBe(false);
  });

  it("is true with a second version, a banner, a badge or a version navbar item", () => {
    expect(siteShowsVersions(site([version("current"), version("1.0")]))).toBe(true);
    expect(siteShowsVersions(site([version("current", { banner: "unreleased" })]))).toBe(true);
    expect(siteShowsVersions(site([version("current", { badge: true })]))).toBe(true);
    expect(siteShowsVersions(site([version("current")], [{ type: "docsVersionDropdown" } as NavbarItem]))).toBe(true);
  });
});
