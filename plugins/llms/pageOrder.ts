import type { RouteSummary } from "../../src/node/plugins/types";

/** One H2 of llms.txt: a docs plugin's last version, its pages in sidebar order. */
export interface DocsSection {
  label: string;
  routes: RouteSummary[];
}

/**
 * The pages of one docs version in the order its sidebars show them. The docs
 * plugin gives each doc its sidebar neighbours (`previous`/`next`, the order
 * the pager follows), so each sidebar is walked from its first doc; docs in no
 * sidebar follow, in file order.
 */
export function sidebarOrder(routes: RouteSummary[]): RouteSummary[] {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const ordered: RouteSummary[] = [];
  const seen = new Set<RouteSummary>();
  for (const start of routes) {
    if (!start.doc?.sidebar || start.doc.previous) continue;
    let route: RouteSummary | undefined = start;
    // `seen` also stops a walk that would loop.
    while (route && !seen.has(route)) {
      seen.add(route);
      ordered.push(route);
      const next: string | undefined = route.doc?.next?.permalink;
      route = next === undefined ? undefined : byPath.get(next);
    }
  }
  return [...ordered, ...routes.filter((route) => !seen.has(route))];
}

/** Every docs plugin's last version, in the order the site lists its plugins, as llms.txt sections. */
export function docsSections(routes: RouteSummary[]): DocsSection[] {
  const byPlugin = new Map<string, RouteSummary[]>();
  for (const route of routes) {
    if (!route.doc || !route.inLastVersion) continue;
    const list = byPlugin.get(route.pluginId) ?? [];
    list.push(route);
    byPlugin.set(route.pluginId, list);
  }
  return [...byPlugin.values()].map((list) => ({ label: list[0].sectionLabel, routes: sidebarOrder(list) }));
}
