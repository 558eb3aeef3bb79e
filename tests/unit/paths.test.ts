import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROUTE_MATCH_CACHE_SIZE } from "../../src/core/constants";
import { normalizePath, pathKey, routeToHtmlFile, samePath, splitUrl } from "../../src/core/paths";
import { findSection, findVersion, RouteMatcher } from "../../src/core/routeMatch";
import type { VersionMetadata } from "../../src/core/types";

const segment = fc.stringMatching(/^[a-zA-Z0-9_-]{1,8}$/);
const sitePath = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join("/")}`);

describe("normalizePath", () => {
  it("removes a trailing slash except from the root", () => {
    expect(normalizePath("/pg-sql2/")).toBe("/pg-sql2");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/a/b///")).toBe("/a/b");
  });

  it("drops index.html and .html suffixes", () => {
    expect(normalizePath("/pg-sql2/index.html")).toBe("/pg-sql2");
    expect(normalizePath("/pg-sql2/api/sql-raw.html")).toBe("/pg-sql2/api/sql-raw");
    expect(normalizePath("/index.html")).toBe("/");
  });

  it("is idempotent and never leaves a trailing slash (property)", () => {
    fc.assert(
      fc.property(sitePath, fc.constantFrom("", "/", "/index.html", ".html"), (path, suffix) => {
        const once = normalizePath(path + suffix);
        expect(normalizePath(once)).toBe(once);
        expect(once === "/" || !once.endsWith("/")).toBe(true);
        expect(once.startsWith("/")).toBe(true);
        expect(once.endsWith(".html")).toBe(false);
      }),
    );
  });

  it("treats paths differing only in case or trailing slash as the same (property)", () => {
    fc.assert(
      fc.property(sitePath, (path) => {
        expect(samePath(path, `${path.toUpperCase()}/`)).toBe(true);
        expect(pathKey(`${path}/index.html`)).toBe(pathKey(path));
      }),
    );
  });

  it("maps routes to the HTML file a static host serves", () => {
    expect(routeToHtmlFile("/")).toBe("index.html");
    expect(routeToHtmlFile("/pg-sql2/api/")).toBe("pg-sql2/api/index.html");
  });

  it("splits a URL into path, query and hash", () => {
    expect(splitUrl("/search?q=sql#top")).toEqual({ pathname: "/search", search: "?q=sql", hash: "#top" });
  });
});

describe("RouteMatcher", () => {
  const routes = [{ path: "/pg-sql2", chunk: "a" }, { path: "/pg-sql2/api/sql-raw", chunk: "b" }];

  it("matches ignoring case, a trailing slash and .html (property)", () => {
    const matcher = new RouteMatcher(routes);
    fc.assert(
      fc.property(fc.constantFrom(...routes), fc.constantFrom("", "/", "/index.html"), fc.boolean(), (route, suffix, upper) => {
        const asked = (upper ? route.path.toUpperCase() : route.path) + suffix;
        expect(matcher.match(asked)?.chunk).toBe(route.chunk);
      }),
    );
  });

  it("finds nothing for unknown paths", () => {
    expect(new RouteMatcher(routes).match("/pg-sql2/api/nope")).toBeUndefined();
  });

  it("keeps at most ROUTE_MATCH_CACHE_SIZE lookups cached", () => {
    const matcher = new RouteMatcher(routes);
    for (let index = 0; index < ROUTE_MATCH_CACHE_SIZE + 50; index++) matcher.match(`/unknown/${index}`);
    expect(ROUTE_MATCH_CACHE_SIZE).toBe(10000);
    expect(matcher.cacheSize).toBe(ROUTE_MATCH_CACHE_SIZE);
    expect(matcher.match("/PG-SQL2/")?.chunk).toBe("a");
  });
});

describe("section and version choice", () => {
  const sections = [{ routeBasePath: "/" , id: "pages" }, { routeBasePath: "/pg-sql2", id: "sql" }, { routeBasePath: "/pg-sql2/next", id: "next" }];

  it("picks the longest matching base path, on whole segments", () => {
    expect(findSection(sections, "/pg-sql2/api")?.id).toBe("sql");
    expect(findSection(sections, "/pg-sql2/next/x")?.id).toBe("next");
    expect(findSection(sections, "/pg-sql2-other")?.id).toBe("pages");
    expect(findSection(sections, "/PG-SQL2/")?.id).toBe("sql");
  });

  it("chooses the docs version by the longest matching path", () => {
    const version = (name: string, path: string) => ({ name, path }) as VersionMetadata;
    const versions = [version("current", "/docs"), version("2.0", "/docs/2.0")];
    expect(findVersion(versions, "/docs/2.0/intro")?.name).toBe("2.0");
    expect(findVersion(versions, "/docs/intro")?.name).toBe("current");
    expect(findVersion(versions, "/blog")).toBeUndefined();
  });
});
