import { encodeRoutePath } from "../../src/core/paths";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

/**
 * sitemap.xml for the given routes. The sitemaps protocol wants each <loc> a
 * full URL, percent-encoded (spaces, non-ASCII letters) and then
 * entity-escaped (a route with "&" would otherwise make the file malformed).
 * `siteUrl` is the site's origin ("https://example.org", a trailing slash is
 * ignored), `baseUrl` the folder the site is served from ("/" or "/docs/").
 */
export function sitemapXml(siteUrl: string, baseUrl: string, routes: readonly string[]): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const base = baseUrl.replace(/\/+$/, "");
  const entries = [...new Set(routes)].map((route) => `  <url><loc>${escapeXml(`${origin}${encodeRoutePath(`${base}${route}`)}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}
