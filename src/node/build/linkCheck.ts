import { isExternalUrl, normalizePath, splitUrl } from "../../core/paths";
import type { PageLink } from "../markdown/facts";

/** The links one source makes: a Markdown page (links with lines, from its compile), a React page or the config. */
export interface LinkSource {
  /** The route the links are on; "" for links that are on every page (navbar, footer). */
  route: string;
  /** Where the links are written, for the message: a file path or "site.config.ts". */
  file: string;
  links: PageLink[];
}

export interface BrokenLink {
  file: string;
  line?: number;
  route: string;
  target: string;
}

export interface LinkReport {
  /** Links to routes or files that do not exist: these fail the build. */
  broken: BrokenLink[];
  /** Links whose #anchor names no id on the target page: these only warn. */
  missingAnchors: BrokenLink[];
}

export interface LinkTargets {
  /** Every route of the site → the ids its page has (undefined when unknown, e.g. a React page). */
  idsOfRoute: ReadonlyMap<string, ReadonlySet<string> | undefined>;
  /** Whether the output has this file (relative to the output root, "/"-separated): links to static files. */
  hasFile(relative: string): boolean;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const routeKey = (pathname: string) => normalizePath(decode(pathname)).toLowerCase();
/** A Markdown file link that is not a page was already reported, with its line, by the compile. */
const MARKDOWN_FILE = /\.mdx?$/i;

/**
 * Checks every collected link against the routes and files the build produced.
 * Paths are compared ignoring case and a trailing slash, as the router does.
 */
export function checkLinks(sources: readonly LinkSource[], targets: LinkTargets): LinkReport {
  const ids = new Map<string, ReadonlySet<string> | undefined>();
  for (const [route, routeIds] of targets.idsOfRoute) ids.set(routeKey(route), routeIds);
  const broken: BrokenLink[] = [];
  const missingAnchors: BrokenLink[] = [];
  for (const source of sources) {
    const seen = new Set<string>();
    for (const link of source.links) {
      if (link.url === "" || isExternalUrl(link.url) || seen.has(`${link.url}:${link.line}`)) continue;
      seen.add(`${link.url}:${link.line}`);
      const problem = { file: source.file, line: link.line, route: source.route, target: link.url };
      const { pathname, hash } = splitUrl(link.url);
      if (MARKDOWN_FILE.test(pathname)) continue;
      const targetPath = pathname === "" ? source.route : pathname;
      if (!targetPath.startsWith("/")) {
        broken.push(problem);
        continue;
      }
      const key = routeKey(targetPath);
      if (!ids.has(key)) {
        if (!targets.hasFile(decode(targetPath).replace(/^\//, ""))) broken.push(problem);
        continue;
      }
      const anchor = decode(hash.slice(1));
      const routeIds = ids.get(key);
      if (anchor && routeIds && !routeIds.has(anchor)) missingAnchors.push(problem);
    }
  }
  return { broken, missingAnchors };
}

/** "file:line (on /route) -> target", the form every link problem is printed in. */
export function describeLink(link: BrokenLink): string {
  const where = link.line ? `${link.file}:${link.line}` : link.file;
  return `${where}${link.route ? ` (page ${link.route})` : ""} -> ${link.target}`;
}
