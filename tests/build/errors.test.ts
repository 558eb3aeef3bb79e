import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "./support";

const sites: ReturnType<typeof copyFixture>[] = [];
function fixture() {
  const site = copyFixture("basic");
  sites.push(site);
  return site;
}
afterEach(() => {
  for (const site of sites.splice(0)) site.remove();
});

async function buildError(siteDir: string): Promise<string> {
  try {
    await buildSite({ siteDir });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the build to fail");
}

describe("build errors", () => {
  it("fails on links to routes that do not exist, listing each as source -> target", async () => {
    const site = fixture();
    site.write("docs/guide/second.md", "# Second\n\nSee [gone](/guide/gone) and [also gone](/nowhere).\n");
    const message = await buildError(site.dir);
    expect(message).toContain(`/guide/second -> /guide/gone (${path.relative(process.cwd(), path.join(site.dir, "docs/guide/second.md"))}:3)`);
    expect(message).toContain("/guide/second -> /nowhere");
  });

  it("only warns about a broken Markdown file link, naming the file", async () => {
    const site = fixture();
    site.write("docs/guide/second.md", "# Second\n\nSee [old](./old-page.md).\n");
    const warnings: string[] = [];
    await buildSite({ siteDir: site.dir, onWarning: (message) => warnings.push(message) }).catch(() => undefined);
    expect(warnings.some((warning) => warning.includes("second.md:3") && warning.includes("old-page.md"))).toBe(true);
  });

  it("only warns about a missing anchor", async () => {
    const site = fixture();
    site.write("docs/guide/second.md", "# Second\n\nSee [start](./index.md#no-such-heading).\n");
    const result = await buildSite({ siteDir: site.dir });
    expect(result.warnings.some((warning) => warning.includes("/guide/second -> /guide#no-such-heading"))).toBe(true);
  });

  it("stops on invalid YAML front matter with file:line", async () => {
    const site = fixture();
    site.write("docs/guide/second.md", "---\ntitle: [unclosed\nsidebar_position: 2\n---\n\nText\n");
    expect(await buildError(site.dir)).toMatch(/second\.md:\d+:\d+: invalid YAML front matter/);
  });

  it("stops on front matter of the wrong type, naming the key and line", async () => {
    const site = fixture();
    site.write("docs/guide/second.md", "---\ntitle: Second\nsidebar_position: first\n---\n\nText\n");
    expect(await buildError(site.dir)).toMatch(/second\.md:3: front matter "sidebar_position" must be a number/);
  });

  it("stops on an MDX syntax error with file:line:column", async () => {
    const site = fixture();
    site.write("docs/guide/second.md", "# Second\n\nText\n\nBroken {expression here\n");
    expect(await buildError(site.dir)).toMatch(/second\.md:5:\d+: /);
  });

  it("stops on duplicate routes", async () => {
    const site = fixture();
    site.write("docs/guide/other.md", "---\nslug: second\n---\n\n# Other\n");
    expect(await buildError(site.dir)).toMatch(/duplicate route "\/guide\/second"/);
  });

  it("stops on duplicate doc ids", async () => {
    const site = fixture();
    site.write("docs/guide/other.md", "---\nid: second\n---\n\n# Other\n");
    expect(await buildError(site.dir)).toMatch(/duplicate doc id "second"/);
  });

  it("stops on a navbar item naming an unknown doc, listing the ids that exist", async () => {
    const site = fixture();
    site.write("site.config.ts", site.read("site.config.ts").replace('docId: "index"', 'docId: "missing"'));
    const message = await buildError(site.dir);
    expect(message).toContain('"navbar.items[0].docId" names doc "missing"');
    expect(message).toContain("Available doc ids: index, nested/deep, second");
  });

  it("stops on a navbar item naming an unknown docs plugin", async () => {
    const site = fixture();
    site.write("site.config.ts", site.read("site.config.ts").replace('docId: "index"', 'docId: "index", docsPluginId: "nope"'));
    expect(await buildError(site.dir)).toContain('names docs plugin "nope", which does not exist. Available plugin ids: default');
  });

  it("stops on a sidebar naming a missing doc, listing the ids that exist", async () => {
    const site = fixture();
    site.write("sidebars.ts", 'export default { main: ["index", "ghost"] };\n');
    site.write("site.config.ts", site.read("site.config.ts").replace('label: "Guide",', 'label: "Guide", sidebarPath: "sidebars.ts",'));
    const message = await buildError(site.dir);
    expect(message).toContain('sidebar "main" names doc "ghost"');
    expect(message).toContain("Available doc ids: index, nested/deep, second");
  });

  it("stops on an invalid site.config.ts, naming the key", async () => {
    const site = fixture();
    site.write("site.config.ts", site.read("site.config.ts").replace('url: "https://fixture.example.org"', 'url: "not a url"'));
    expect(await buildError(site.dir)).toMatch(/site\.config\.ts: "url" must be an absolute http\(s\) URL/);
  });

  it("leaves the previous build untouched when a build fails", async () => {
    const site = fixture();
    await buildSite({ siteDir: site.dir });
    const before = readFileSync(path.join(site.dir, "build/guide/second/index.html"), "utf8");
    site.write("docs/guide/second.md", "# Changed\n\n[broken](/nowhere)\n");
    await buildError(site.dir);
    expect(readFileSync(path.join(site.dir, "build/guide/second/index.html"), "utf8")).toBe(before);
    expect(existsSync(path.join(site.dir, `build.tmp-${process.pid}`))).toBe(false);
  });
});
