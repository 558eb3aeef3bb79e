import { pathKey } from "./paths";
import { findVersion } from "./routeMatch";
import type { RouteChunkRef, RouteRecord, RouteIndex, SidebarItem, VersionIndex } from "./types";

/**
 * A section's routes in path-key order, cut into runs of at most `size`. Sorting by the key the
 * browser matches with lets a chunk be found from the path alone (see chunkOf); a chunk never
 * starts in the middle of routes that share a key, which cannot happen since keys are unique.
 */
export function splitRoutes<T extends { path: string }>(routes: readonly T[], size: number): { from: string; routes: T[] }[] {
  if (size < 1) throw new Error(`A route chunk must hold at least one route (got ${size})`);
  const sorted = routes.map((route) => ({ key: pathKey(route.path), route })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const chunks: { from: string; routes: T[] }[] = [];
  for (let start = 0; start < sorted.length; start += size) {
    const run = sorted.slice(start, start + size);
    // The first chunk starts at "": a path sorting before every route still has a chunk to look in.
    chunks.push({ from: start === 0 ? "" : run[0].key, routes: run.map((entry) => entry.route) });
  }
  return chunks.length > 0 ? chunks : [{ from: "", routes: [] }];
}

/** The chunk that holds a path's route if the section has one: the last whose `from` is not after the path's key. */
export function chunkOf(chunks: readonly RouteChunkRef[], pathname: string): RouteChunkRef | undefined {
  const key = pathKey(pathname);
  let low = 0;
  let high = chunks.length - 1;
  let found: RouteChunkRef | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (chunks[middle].from <= key) {
      found = chunks[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The version a route of the section belongs to: the longest matching version path, else the first. */
export function versionOfRoute(index: RouteIndex, route: RouteRecord): VersionIndex | undefined {
  return findVersion(index.versions, route.path) ?? index.versions[0];
}

/** The URL of the sidebar file a doc route shows, if it shows one. */
export function sidebarFileOf(index: RouteIndex, route: RouteRecord): string | undefined {
  const name = route.doc?.sidebar;
  if (!name) return undefined;
  const version = versionOfRoute(index, route);
  const file = version?.sidebars[name];
  if (!file) throw new Error(`${route.path}: no sidebar named "${name}" in docs version "${version?.name}" of "${index.label}". Available sidebars: ${Object.keys(version?.sidebars ?? {}).join(", ") || "(none)"}`);
  return file;
}

function countLinks(items: readonly SidebarItem[]): number {
  return items.reduce((total, item) => total + (item.href ? 1 : 0) + (item.type === "category" ? countLinks(item.items) : 0), 0);
}

/** Every path a sidebar item leads to, itself and inside it, as path keys. */
export function sidebarPathKeys(item: SidebarItem): string[] {
  const own = item.href ? [pathKey(item.href)] : [];
  return item.type === "category" ? [...own, ...item.items.flatMap(sidebarPathKeys)] : own;
}

/**
 * A sidebar of more than `minLinks` links as an outline plus parts: each top-level category with
 * a page of its own keeps its label and link in the outline and its items go to a part, so a page
 * loads the outline and the one part it lies in. A category without a page of its own stays whole:
 * before hydration it links to its first page, which needs its items.
 */
export function splitSidebar(items: SidebarItem[], minLinks: number): { outline: SidebarItem[]; parts: { position: number; items: SidebarItem[] }[] } {
  if (countLinks(items) <= minLinks) return { outline: items, parts: [] };
  const parts = items.flatMap((item, position) => (item.type === "category" && item.href && item.items.length > 0 ? [{ position, items: item.items }] : []));
  const outline = items.map((item, position) => (parts.some((part) => part.position === position) ? { ...item, items: [] } : item));
  return { outline, parts };
}

/** An outline with the parts loaded so far put back; a category whose part is not loaded keeps its itemsFile and no items. */
export function assembleSidebar(outline: readonly SidebarItem[], partOf: (file: string) => SidebarItem[] | undefined): SidebarItem[] {
  return outline.map((item) => {
    if (item.type !== "category" || !item.itemsFile) return item;
    const items = partOf(item.itemsFile);
    if (!items) return item;
    const { itemsFile: _loaded, ...category } = item;
    return { ...category, items };
  });
}
