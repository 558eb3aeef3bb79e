import { escapeHtml } from "../../src/core/html";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";

/** sitemap.xml: every route of the site, as absolute URLs; pages that ask not to be indexed (unlisted posts) are left out. */
export function sitemapPlugin(context: PluginContext): Plugin {
  return {
    name: "sitemap",
    id: "sitemap",
    emitFiles({ routes }) {
      const { url, baseUrl } = context.siteConfig;
      const entries = routes.filter((route) => !route.page?.noindex).map((route) => `  <url><loc>${escapeHtml(`${url}${baseUrl}${encodeURI(route.path.slice(1))}`)}</loc></url>`).join("\n");
      return { "sitemap.xml": `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n` };
    },
  };
}
