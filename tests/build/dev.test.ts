import Module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { shardFile, type SearchManifest } from "../../src/core/search/indexFormat";
import type { RouteIndex, RouteRecord } from "../../src/core/types";
import { copyFixture, fetchText } from "./support";

describe("the dev server", () => {
  const site = copyFixture("basic");
  let server: DevServer;
  /** Module hooks registered in this process (its own fork: the file's tests alone). */
  let registeredHooks: MockInstance;
  const get = (route: string) => fetchText(server.url, route);
  /**
   * Runs `check` until it passes: the watcher notices a written file after a delay that
   * grows on a busy machine, and the server then reloads the content.
   */
  const afterChange = <T>(check: () => Promise<T>) =>
    vi.waitFor(
      async () => {
        await server.settled();
        return check();
      },
      { timeout: 15_000, interval: 100 },
    );

  beforeAll(async () => {
    registeredHooks = vi.spyOn(Module, "register");
    server = await startDevServer({ siteDir: site.dir, port: 0, host: "127.0.0.1", log: () => undefined });
  });
  afterAll(async () => {
    await server?.close();
    site.remove();
  });

  it("renders pages on the server, drafts included", async () => {
    const page = await get("/guide/second");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<article class="markdown">');
    expect(page.text).toContain("/@vite/client");
    expect((await get("/guide/draft")).status).toBe(200);
  });

  it("renders without registering a Node module hook, which would send every later import through Node's hooks thread", async () => {
    expect((await get("/guide/second")).status).toBe(200);
    expect(registeredHooks).not.toHaveBeenCalled();
  });

  it("still answers import.meta.resolve in a page's own code, setting up Vite's resolver when the page first asks", async () => {
    site.write("docs/guide/resolving.mdx", 'export const resolved = import.meta.resolve("./second.md");\n\n# Resolving\n\n<code id="resolved">{resolved}</code>\n');
    const page = await afterChange(async () => {
      const page = await get("/guide/resolving");
      expect(page.status).toBe(200);
      return page;
    });
    expect(page.text).toContain(`<code id="resolved">${pathToFileURL(path.join(site.dir, "docs/guide/second.md")).href}</code>`);
    expect(registeredHooks).toHaveBeenCalledTimes(1);
  });

  it("serves the plugins' files, made from the pages' compiles: the search index and the sitemap", async () => {
    const manifest = await get("/search-index/manifest.json");
    expect(manifest.status).toBe(200);
    const { hits } = JSON.parse(manifest.text) as SearchManifest;
    const found = await Promise.all(Array.from({ length: hits.count }, (_, n) => get(`/${shardFile(hits, n)}`)));
    expect(found.every((file) => file.status === 200)).toBe(true);
    expect(found.map((file) => file.text).join("\n")).toContain("/guide/second");
    expect((await get("/sitemap.xml")).text).toContain("<loc>https://fixture.example.org/guide/second</loc>");
    expect((await get("/llms.txt")).text).toContain("(https://fixture.example.org/guide/second.md)");
    expect((await get("/guide/second.md")).text).toMatch(/^# Second page\n/);
  });

  it("gives a page's own components the theme's contexts (the site's title, through @docusaurus/useDocusaurusContext)", async () => {
    site.write(
      "docs/guide/context.mdx",
      'import useDocusaurusContext from "@docusaurus/useDocusaurusContext";\n\nexport function SiteTitle() {\n  return <strong id="site-title">{useDocusaurusContext().siteConfig.title}</strong>;\n}\n\n# Context\n\n<SiteTitle />\n',
    );
    await afterChange(async () => {
      const page = await get("/guide/context");
      expect(page.status).toBe(200);
      expect(page.text).toContain('<strong id="site-title">Fixture</strong>');
    });
  });

  it("shows an edit on the next request", async () => {
    site.write("docs/guide/second.md", "---\nsidebar_position: 2\n---\n\n# Second page\n\n## Details {#details}\n\nFreshly edited text.\n");
    await afterChange(async () => expect((await get("/guide/second")).text).toContain("Freshly edited text."));
  });

  it("adds a new page to the routes and the sidebar", async () => {
    site.write("docs/guide/added.md", "---\ntitle: Added later\n---\n\nNew.\n");
    await afterChange(async () => {
      const index = JSON.parse((await get("/__routes/default.json")).text) as RouteIndex;
      const routes = await Promise.all(index.chunks.map(async (chunk) => JSON.parse((await get(chunk.file)).text) as RouteRecord[]));
      expect(routes.flat().map((route) => route.path)).toContain("/guide/added");
    });
    expect((await get("/guide")).text).toContain(">Added later<");
  });

  it("shows a syntax error with file:line:column and recovers when it is fixed", async () => {
    site.write("docs/guide/second.md", "# Second page\n\nBroken {expression\n");
    const broken = await afterChange(async () => {
      const broken = await get("/guide/second");
      expect(broken.status).toBe(500);
      return broken;
    });
    expect(broken.text).toMatch(/second\.md:3:\d+/);
    site.write("docs/guide/second.md", "# Second page\n\nFixed again.\n");
    await afterChange(async () => {
      const fixed = await get("/guide/second");
      expect(fixed.status).toBe(200);
      expect(fixed.text).toContain("Fixed again.");
    });
  });
});
