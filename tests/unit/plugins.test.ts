import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { afterAll, describe, expect, it } from "vitest";
import { markdownReader } from "../../src/node/markdown/sourceTree";
import { runPlugins } from "../../src/node/plugins/runPlugins";
import type { Plugin, RouteSummary } from "../../src/node/plugins/types";

const changelog = (overrides: Partial<Plugin<string[]>> = {}): Plugin<string[]> => ({
  name: "content-changelog",
  id: "changelog",
  loadContent: () => ["1.0.0", "1.1.0"],
  contentLoaded({ content, actions }) {
    for (const version of content) actions.addRoute({ path: `/changelog/${version}`, component: `/site/changelog/${version}.md` });
    actions.setGlobalData({ label: "Changelog", routeBasePath: "/changelog" });
  },
  ...overrides,
});

describe("the plugin lifecycle", () => {
  it("hands each plugin's loaded content to its contentLoaded, which adds routes and global data", async () => {
    const { loaded } = await runPlugins([changelog() as Plugin], "/");
    expect(loaded[0].routes.map((route) => route.path)).toEqual(["/changelog/1.0.0", "/changelog/1.1.0"]);
    expect(loaded[0].globalData).toEqual({ label: "Changelog", routeBasePath: "/changelog" });
  });

  it("writes createData files under the base URL, named by plugin, name and content hash", async () => {
    let url = "";
    const plugin = changelog({
      contentLoaded({ content, actions }) {
        url = actions.createData("versions", content);
      },
    });
    const { dataFiles } = await runPlugins([plugin as Plugin], "/docs-base/");
    const [[file, json]] = [...dataFiles];
    expect(url).toBe(`/docs-base/${file}`);
    expect(file).toMatch(/^assets\/data-changelog-versions-[0-9a-f]{10}\.json$/);
    expect(JSON.parse(json)).toEqual(["1.0.0", "1.1.0"]);
  });

  it("refuses two plugins with one id, naming both", async () => {
    await expect(runPlugins([changelog() as Plugin, { ...changelog(), name: "content-news" } as Plugin], "/")).rejects.toThrow(
      'Two plugins share the id "changelog" (content-changelog and content-news)',
    );
  });

  it("refuses routes from a plugin that never says which base path they live under", async () => {
    const plugin = changelog({
      contentLoaded({ actions }) {
        actions.addRoute({ path: "/changelog", component: "/site/changelog.md" });
      },
    });
    await expect(runPlugins([plugin as Plugin], "/")).rejects.toThrow("never called setGlobalData");
  });

  it("refuses a route that is not an absolute path, and a data name that could leave the folder", async () => {
    const relative = changelog({ contentLoaded: ({ actions }) => actions.addRoute({ path: "changelog", component: "/x.md" }) });
    await expect(runPlugins([relative as Plugin], "/")).rejects.toThrow('route "changelog" must start with "/"');
    const escaping = changelog({ contentLoaded: ({ actions }) => void actions.createData("../../etc", {}) });
    await expect(runPlugins([escaping as Plugin], "/")).rejects.toThrow('createData name "../../etc"');
  });
});

describe("markdownOf, a Markdown route's syntax tree for emitFiles", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "markdown-of-"));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const guide = write("guide.md", "---\ndescription: About it\n---\n\n# Guide {#start}\n\n:::tip Mind\nSee [the API](./api.md#sql) at 10:30.\n:::\n\n<Badge label=\"new\" />\n");
  const api = write("api.md", "# API\n");
  const markdownOf = markdownReader({ routeOfSource: new Map([[guide, "/guide"], [api, "/api"]]), siteDir: dir });
  const route = (component: string): RouteSummary => ({ path: "/guide", pluginId: "default", sectionLabel: "Docs", component });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("splits off the front matter and reads the page as the compile does before its features: directives kept, links as routes", async () => {
    const page = (await markdownOf(route(guide)))!;
    expect(page.frontMatter).toEqual({ description: "About it" });
    const [heading, admonition, badge] = page.tree.children;
    expect(heading).toMatchObject({ type: "heading", depth: 1, children: [{ type: "text", value: "Guide" }] });
    expect(admonition).toMatchObject({ type: "containerDirective", name: "tip" });
    const links: string[] = [];
    visit(admonition, "link", (node) => void links.push(node.url));
    expect(links).toEqual(["/api#sql"]);
    expect(toString(admonition)).toContain("at 10:30.");
    expect(badge).toMatchObject({ type: "mdxJsxFlowElement", name: "Badge" });
  });

  it("has no tree for a route whose component is not Markdown", async () => {
    expect(await markdownOf(route(path.join(dir, "Home.tsx")))).toBeUndefined();
  });
});
