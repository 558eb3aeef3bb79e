/**
 * Path normalisation shared by the build, the dev server and the browser.
 * Canonical paths start with "/", have no trailing slash (except the root),
 * and carry no "index.html" or ".html" suffix.
 */

export function stripHtmlSuffix(pathname: string): string {
  if (/(^|\/)index\.html$/i.test(pathname)) return pathname.replace(/index\.html$/i, "");
  if (/\.html$/i.test(pathname)) return pathname.replace(/\.html$/i, "");
  return pathname;
}

export function removeTrailingSlash(pathname: string): string {
  if (pathname === "/" || pathname === "") return "/";
  return pathname.replace(/\/+$/, "") || "/";
}

export function normalizePath(pathname: string): string {
  let path = pathname.startsWith("/") ? pathname : `/${pathname}`;
  path = path.replace(/\/{2,}/g, "/");
  path = stripHtmlSuffix(path);
  return removeTrailingSlash(path);
}

/** The key two paths share when they are "the same page": case and trailing slash ignored. */
export function pathKey(pathname: string): string {
  return normalizePath(pathname).toLowerCase();
}

export function samePath(a: string, b: string): boolean {
  return pathKey(a) === pathKey(b);
}

/** Joins URL segments with single slashes. */
export function joinUrl(...parts: string[]): string {
  const joined = parts.filter((part) => part !== "").join("/").replace(/\/{2,}/g, "/");
  return joined.startsWith("/") ? joined : `/${joined}`;
}

/** decodeURIComponent that leaves a malformed escape ("%E0%A4%A") as written instead of throwing. */
export function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Percent-encodes a route the way a browser encodes a path it is given
 * (WHATWG "path percent-encode set" and every non-ASCII letter, as UTF-8),
 * so a route equals the location.pathname of its page: "/guide/my page" →
 * "/guide/my%20page", "/café" → "/caf%C3%A9". Escapes already present are
 * kept, so encoding twice changes nothing.
 */
export function encodeRoutePath(route: string): string {
  return route.replace(/%(?![0-9a-fA-F]{2})|[^\x21-\x7e]|["#<>?^`{}]/gu, (ch) => encodeURIComponent(ch));
}

/**
 * Where the static file for a canonical route lives, relative to the build
 * folder: the decoded name, as static hosts look files up. A segment that
 * decodes to "." or "..", or holds a slash, could leave the folder and is refused.
 */
export function routeToHtmlFile(route: string): string {
  const path = normalizePath(route);
  if (path === "/") return "index.html";
  const segments = path.slice(1).split("/").map(safeDecodeURIComponent);
  if (segments.some((segment) => segment === "." || segment === ".." || /[/\\\0]/.test(segment))) throw new Error(`route "${route}" does not name a file inside the output folder`);
  return `${segments.join("/")}/index.html`;
}

/** Splits "path?query#hash" into its three parts. */
export function splitUrl(url: string): { pathname: string; search: string; hash: string } {
  const hashAt = url.indexOf("#");
  const hash = hashAt >= 0 ? url.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf("?");
  return {
    pathname: queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash,
    search: queryAt >= 0 ? beforeHash.slice(queryAt) : "",
    hash,
  };
}

export function isExternalUrl(url: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

/** A base URL with a slash at both ends ("/", "/docs-base/"). */
function slashedBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

/** The base URL as React Router's basename: no trailing slash, and "" for the root. */
export function routerBasename(baseUrl: string): string {
  return slashedBase(baseUrl).replace(/\/$/, "");
}

/**
 * A browser path without the site's base URL ("/docs-base/guide" → "/guide"),
 * compared ignoring case like every path; undefined when the path lies outside it.
 */
export function stripBaseUrl(pathname: string, baseUrl: string): string | undefined {
  const base = slashedBase(baseUrl);
  if (base === "/") return pathname.startsWith("/") ? pathname : `/${pathname}`;
  const lower = pathname.toLowerCase();
  const baseLower = base.toLowerCase();
  if (lower === baseLower.slice(0, -1)) return "/";
  if (!lower.startsWith(baseLower)) return undefined;
  return `/${pathname.slice(base.length)}`;
}

/** A site path with the base URL in front ("/guide" → "/docs-base/guide"); the root becomes the base itself. */
export function addBaseUrl(pathname: string, baseUrl: string): string {
  const base = slashedBase(baseUrl);
  return pathname === "/" || pathname === "" ? base : `${base}${pathname.replace(/^\/+/, "")}`;
}

/**
 * Where a page's plain-Markdown copy lives: its route plus ".md", as the llms.txt proposal
 * (https://llmstxt.org) asks; a route naming a folder (the root, or one ending in "/") has no name
 * to extend and gets "index.html.md", the proposal's rule for URLs without a file name.
 */
export function markdownCopyPath(route: string): string {
  return route.endsWith("/") ? `${route}index.html.md` : `${route}.md`;
}

/** A site path as a full URL: the site's origin ("https://example.org", trailing slash ignored), base URL, percent-encoded path. */
export function absoluteUrl(siteUrl: string, baseUrl: string, route: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${encodeRoutePath(addBaseUrl(route, baseUrl))}`;
}
