import { ROUTE_MATCH_CACHE_SIZE } from "./constants";
import { LruCache } from "./lruCache";
import { normalizePath, pathKey } from "./paths";
import type { RouteRecord, SectionSummary } from "./types";

/**
 * The section (docs plugin) that owns a path: the one whose base path is the
 * longest prefix of it. Prefixes match whole segments only, ignoring case.
 */
export function findSection<T extends Pick<SectionSummary, "routeBasePath">>(
  sections: readonly T[],
  pathname: string,
): T | undefined {
  const key = pathKey(pathname);
  let best: T | undefined;
  let bestLength = -1;
  for (const section of sections) {
    const base = pathKey(section.routeBasePath);
    const matches = base === "/" || key === base || key.startsWith(`${base}/`);
    if (matches && base.length > bestLength) {
      best = section;
      bestLength = base.length;
    }
  }
  return best;
}

/**
 * The docs version whose path is the longest prefix of the given path: the
 * last version usually sits at the plugin's base path, under which the other
 * versions' paths (/next, /1.0) also lie, so the longest match must win.
 */
export function findVersion<T extends { path: string }>(versions: readonly T[], pathname: string): T | undefined {
  const found = findSection(
    versions.map((version) => ({ version, routeBasePath: version.path })),
    pathname,
  );
  return found?.version;
}

/**
 * The key of a route section's manifest, unique in the site: the plugin id, or
 * for a plugin with several sections (a versioned docs plugin) the plugin id
 * and the section's name.
 */
export function sectionKey(section: { pluginId: string; section?: string }): string {
  return section.section === undefined ? section.pluginId : `${section.pluginId}@${section.section}`;
}

/**
 * Looks routes up by path, ignoring case and a trailing slash. Lookups are
 * remembered (up to ROUTE_MATCH_CACHE_SIZE paths) because the same few paths
 * are asked for again on every render.
 */
export class RouteMatcher {
  private readonly byKey = new Map<string, RouteRecord>();
  private readonly cache = new LruCache<string, RouteRecord | null>(ROUTE_MATCH_CACHE_SIZE);

  constructor(routes: readonly RouteRecord[]) {
    for (const route of routes) this.byKey.set(pathKey(route.path), route);
  }

  match(pathname: string): RouteRecord | undefined {
    const cached = this.cache.get(pathname);
    if (cached !== undefined) return cached ?? undefined;
    const found = this.byKey.get(pathKey(pathname)) ?? null;
    this.cache.set(pathname, found);
    return found ?? undefined;
  }

  get cacheSize(): number {
    return this.cache.size;
  }
}

export { normalizePath };
