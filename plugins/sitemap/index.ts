import { sitemapXml } from "./sitemap";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";

/** sitemap.xml: every route of the site, as absolute URLs. */
export function sitemapPlugin(context: PluginContext): Plugin {
  return {
    name: "sitemap",
    id: "sitemap",
    emitFiles({ routes }) {
      const { url, baseUrl } = context.siteConfig;
      return { "sitemap.xml": sitemapXml(url, baseUrl, routes.map((route) => route.path)) };
    },
  };
}
