/**
 * The build renders its pages through renderPages (src/node/build/renderPages.ts): each page's
 * HTML goes to the `rendered` callback, which writes it, and the results that come back are the
 * rest of each page (its links for the link check, its status). A large site's HTML kept to the
 * end of the render outlived the main thread's young-generation collections, each copying it.
 */
import { describe, expect, it } from "vitest";
import { renderPages } from "../../src/node/build/renderPages";
import type { RouteSummary } from "../../src/node/plugins/types";

const routes: RouteSummary[] = Array.from({ length: 40 }, (_, index) => ({
  path: `/guides/chapter-${index}`,
  pluginId: "default",
  sectionLabel: "Guides",
  component: "@theme/DocPage",
}));

const pageOf = (url: string) => ({ status: 200, html: `<!doctype html><title>${url}</title><main>${"text ".repeat(200)}</main>`, links: [`${url}#top`, "/guides/chapter-0"] });

describe("renderPages", () => {
  it("hands every page's HTML to the writer and returns each page's links, in the pages' order, without its HTML", async () => {
    const written = new Map<string, string>();
    const results = await renderPages({
      routes,
      moduleFileOf: () => undefined,
      render: async (url) => pageOf(url),
      importServerModule: async () => undefined,
      rendered: (route, page) => written.set(route.path, page.html),
      room: async () => undefined,
    });

    expect([...written.keys()].sort()).toEqual(routes.map((route) => route.path).sort());
    for (const route of routes) expect(written.get(route.path)).toBe(pageOf(route.path).html);
    expect(results.map((page) => page.links[0])).toEqual(routes.map((route) => `${route.path}#top`));
    expect(results.every((page) => page.status === 200)).toBe(true);
    for (const page of results) expect(page).not.toHaveProperty("html");
  });

  it("reports the first failing page in the pages' order and renders no block after it", async () => {
    const asked: string[] = [];
    const failing = routes[5].path;
    const run = renderPages({
      routes,
      moduleFileOf: () => undefined,
      render: async (url) => {
        asked.push(url);
        if (url === failing) throw new Error(`cannot render ${url}`);
        return pageOf(url);
      },
      importServerModule: async () => undefined,
      rendered: () => undefined,
      room: async () => undefined,
    });

    await expect(run).rejects.toThrow(`cannot render ${failing}`);
    expect(asked).not.toContain(routes[routes.length - 1].path);
  });
});
