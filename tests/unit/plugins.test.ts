import { describe, expect, it } from "vitest";
import { runPlugins } from "../../src/node/plugins/runPlugins";
import type { Plugin } from "../../src/node/plugins/types";

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
