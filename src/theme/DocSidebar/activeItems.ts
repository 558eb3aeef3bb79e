import { samePath } from "../../core/paths";
import type { SidebarItem } from "../../core/types";

export function isActiveHref(href: string | undefined, pathname: string): boolean {
  return href !== undefined && samePath(href, pathname);
}

/** Whether the current page is this item or lies inside it. */
export function containsActive(item: SidebarItem, pathname: string): boolean {
  if (isActiveHref(item.href, pathname)) return true;
  return item.type === "category" && item.items.some((child) => containsActive(child, pathname));
}

/** The first page a category leads to: its own, or the first one among its items. */
export function firstHref(item: SidebarItem): string | undefined {
  if (item.href) return item.href;
  if (item.type !== "category") return undefined;
  for (const child of item.items) {
    const href = firstHref(child);
    if (href) return href;
  }
  return undefined;
}
