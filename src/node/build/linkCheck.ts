import { isExternalUrl, normalizePath, safeDecodeURIComponent, splitUrl } from "../../core/paths";

/** Routes and hrefs compare decoded: "/caf%C3%A9" and "/café" are one page. A malformed escape is compared as written. */
const routeKey = (pathname: string) => normalizePath(safeDecodeURIComponent(pathname)).toLowerCase();

export interface RenderedPage {
  route: string;
  html: string;
}

export interface LinkReport {
  /** Links to routes or files that do not exist: these fail the build. */
  broken: { source: string; target: string }[];
  /** Links whose #anchor names no element on the target page: these only warn. */
  missingAnchors: { source: string; target: string }[];
}

const HREF = /<a\b[^>]*?\shref="([^"]*)"/gi;
const ID = /\sid="([^"]+)"/g;

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

export function collectIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(ID)) ids.add(decodeEntities(match[1]));
  return ids;
}

/** What the link check needs of a page: its ids and its links, not its whole HTML (a large site cannot keep that). */
export interface PageLinks {
  route: string;
  ids: Set<string>;
  hrefs: string[];
}

export function summarizeLinks(page: RenderedPage): PageLinks {
  const hrefs = new Set<string>();
  for (const match of page.html.matchAll(HREF)) {
    const href = decodeEntities(match[1]);
    if (href !== "" && !isExternalUrl(href)) hrefs.add(href);
  }
  return { route: page.route, ids: collectIds(page.html), hrefs: [...hrefs] };
}

/**
 * Checks every <a href> of every rendered page against the routes and files
 * the build produced. Paths are compared ignoring case and a trailing slash,
 * as the router does.
 */
export function checkLinks(pages: readonly (RenderedPage | PageLinks)[], existingFiles: ReadonlySet<string>): LinkReport {
  const summaries = pages.map((page) => ("html" in page ? summarizeLinks(page) : page));
  const idsByRoute = new Map<string, Set<string>>();
  for (const page of summaries) idsByRoute.set(routeKey(page.route), page.ids);
  const broken: LinkReport["broken"] = [];
  const missingAnchors: LinkReport["missingAnchors"] = [];
  for (const page of summaries) {
    for (const href of page.hrefs) {
      const { pathname, hash } = splitUrl(href);
      const targetPath = pathname === "" ? page.route : pathname;
      if (!targetPath.startsWith("/")) {
        broken.push({ source: page.route, target: href });
        continue;
      }
      const key = routeKey(targetPath);
      const ids = idsByRoute.get(key);
      if (!ids) {
        if (!existingFiles.has(safeDecodeURIComponent(targetPath).replace(/^\//, ""))) broken.push({ source: page.route, target: href });
        continue;
      }
      const anchor = hash.slice(1);
      if (anchor && !ids.has(safeDecodeURIComponent(anchor))) missingAnchors.push({ source: page.route, target: href });
    }
  }
  return { broken, missingAnchors };
}
