import path from "node:path";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";
import { PAGES_PLUGIN_ID } from "../../src/core/constants";

/** The pages every site has, rendered by the theme: the home page and /search. */
const BUILT_IN_PAGES = [
  { path: "/", source: "src/theme/pages/HomePage.tsx" },
  { path: "/search", source: "src/theme/pages/SearchRoutePage.tsx" },
] as const;

/** Standalone pages, at the root of the site (they sit under every docs section's prefix). */
export function pagesPlugin(context: PluginContext, options: { generatorDir: string }): Plugin<typeof BUILT_IN_PAGES> {
  return {
    name: "content-pages",
    id: PAGES_PLUGIN_ID,
    loadContent: () => BUILT_IN_PAGES,
    contentLoaded({ content, actions }) {
      // A Docusaurus site has its own home page (src/pages, another plugin's job), not our docs/landing.json one.
      const pages = context.siteConfig.docusaurus ? content.filter((page) => page.path !== "/") : content;
      for (const page of pages) actions.addRoute({ path: page.path, component: path.join(options.generatorDir, page.source) });
      actions.setGlobalData({ label: context.siteConfig.title, routeBasePath: "/" });
    },
  };
}
