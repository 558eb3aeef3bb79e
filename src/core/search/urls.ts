/** Addresses the search needs: index files, the search page, and hits of a hosted index. */
import { SEARCH_PAGE_PATH, SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_PARAM } from "./constants.ts";

function withTrailingSlash(baseUrl: string): string {
  const base = baseUrl.startsWith("/") ? baseUrl : `/${baseUrl}`;
  return base.endsWith("/") ? base : `${base}/`;
}

/** URL of an index file (a path relative to the build folder) under the site's base URL. */
export function searchFileUrl(baseUrl: string, file: string): string {
  return withTrailingSlash(baseUrl) + file.replace(/^\/+/, "");
}

/** The search page's path under the base URL: "/search". */
export function searchPagePath(baseUrl: string): string {
  return withTrailingSlash(baseUrl) + SEARCH_PAGE_PATH;
}

/** Link to the search page for a query: "/search?q=sql.raw". */
export function searchPageHref(baseUrl: string, query: string): string {
  const q = query.slice(0, SEARCH_QUERY_MAX_LENGTH);
  const path = searchPagePath(baseUrl);
  return q ? `${path}?${SEARCH_QUERY_PARAM}=${encodeURIComponent(q)}` : path;
}

/**
 * A hosted index stores absolute URLs ("https://example.org/pg-sql2/api/sql-raw/#dangers"). This
 * turns them into this site's paths ("/pg-sql2/api/sql-raw#dangers") so hits route client-side
 * wherever the site is served: the path is kept, a trailing slash or index.html is dropped.
 * Relative URLs are returned with the same clean-up; other schemes (mailto:) unchanged.
 */
export function toSitePath(url: string): string {
  let rest = url;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url) ?? /^\/\/[^/?#]*/.exec(url);
  if (absolute) {
    if (!/^(https?:)?\/\//i.test(url)) return url;
    rest = url.slice(absolute[0].length) || "/";
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    return url;
  }
  const hashAt = rest.indexOf("#");
  const hash = hashAt >= 0 ? rest.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? rest.slice(0, hashAt) : rest;
  const queryAt = beforeHash.indexOf("?");
  const search = queryAt >= 0 ? beforeHash.slice(queryAt) : "";
  let pathname = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  if (!pathname.startsWith("/")) pathname = `/${pathname}`;
  pathname = pathname.replace(/\/index\.html$/i, "/").replace(/\.html$/i, "");
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "") || "/";
  return pathname + search + hash;
}
