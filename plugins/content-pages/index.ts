import path from "node:path";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";
import { PAGES_PLUGIN_ID } from "../../src/core/constants";
import { SiteError } from "../../src/node/errors";
import { scanPages, type SitePage } from "./scan";

export interface PagesOptions {
  /** The folder of standalone pages, relative to the site folder. */
  path?: string;
}

/** The site folder's pages, relative to the site: what Docusaurus reads by default. */
export const DEFAULT_PAGES_PATH = "src/pages";

/**
 * Standalone pages, at the root of the site (they sit under every docs
 * section's prefix): every file of the site's `src/pages`, /search, and the
 * theme's home page when the site has no `src/pages/index.*` of its own.
 */
export function pagesPlugin(context: PluginContext, options: PagesOptions & { generatorDir: string }): Plugin<SitePage[]> {
  const pagesDir = path.resolve(context.siteDir, options.path ?? DEFAULT_PAGES_PATH);
  const builtIn = (route: string, source: string): SitePage => ({ path: route, source: path.join(options.generatorDir, source), page: { layout: "component" } });
  return {
    name: "content-pages",
    id: PAGES_PLUGIN_ID,
    loadContent() {
      const pages = scanPages(pagesDir);
      const seen = new Map<string, string>();
      for (const page of pages) {
        const other = seen.get(page.path);
        if (other) throw new SiteError(`${page.source}: its route "${page.path}" is also the route of ${other}; rename one of them or give the Markdown one a "slug"`);
        seen.set(page.path, page.source);
      }
      const extra: SitePage[] = [];
      // Docs-only mode (a docs instance at "/", as Docusaurus allows) has no home page of its own.
      const docsAtRoot = context.siteConfig.docs.some((instance) => instance.routeBasePath === "/");
      if (!seen.has("/") && !docsAtRoot) extra.push(builtIn("/", "src/theme/pages/HomePage.tsx"));
      if (!seen.has("/search")) extra.push(builtIn("/search", "src/theme/pages/SearchRoutePage.tsx"));
      return [...extra, ...pages];
    },
    contentLoaded({ content, actions }) {
      for (const page of content) actions.addRoute({ path: page.path, component: page.source, page: page.page });
      actions.setGlobalData({ label: context.siteConfig.title, routeBasePath: "/" });
    },
    getPathsToWatch: () => [pagesDir],
  };
}
