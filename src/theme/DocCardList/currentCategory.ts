import { samePath } from "../../core/paths";
import type { SidebarCategory, SidebarItem } from "../../core/types";

/** The sidebar category whose own link is this address (Docusaurus' useCurrentSidebarCategory). */
export function findCategoryOf(items: readonly SidebarItem[], pathname: string): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== "category") continue;
    if (item.href !== undefined && samePath(item.href, pathname)) return item;
    const inner = findCategoryOf(item.items, pathname);
    if (inner) return inner;
  }
  return undefined;
}
