import { sitemapXml } from "./sitemap";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";

/** sitemap.xml: every route of the site, as absolute URLs; pages that ask not to be indexed (unlisted posts) are left out. */
export function sitemapPlugin(context: PluginContext): Plugin {
  return {
    name: "sitemap",
    id: "sitemap",
    emitFiles({ routes }) {
      const { url, baseUrl } = context.siteConfig;
      return { "sitemap.xml": sitemapXml(url, baseUrl, routes.filter((route) => !route.page?.noindex).map((route) => route.path)) };
    },
  };
}
