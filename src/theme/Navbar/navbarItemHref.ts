import { DEFAULT_PLUGIN_ID } from "../../core/constants";
import { pathKey } from "../../core/paths";
import type { NavbarItem as NavbarItemConfig } from "../../core/types";

export type LinkLikeItem = Exclude<NavbarItemConfig, { type: "dropdown" | "html" }>;

/**
 * The link an item points to. The build resolves a doc item's docId and docsPluginId to its
 * href (or fails naming the doc ids that exist); no page holds every doc of a section to look
 * one up in the browser.
 */
export function navbarItemHref(item: LinkLikeItem): string {
  if (item.type === "link") {
    if (typeof item.href !== "string" || item.href === "") throw new Error(`link item "${item.label}" has no href`);
    return item.href;
  }
  if (item.type !== "doc") throw new Error(`unknown navbar item type "${(item as { type?: unknown }).type}"; use "doc", "link" or "dropdown"`);
  if (item.href) return item.href;
  throw new Error(`doc item "${item.label}" names doc "${item.docId}" of docs plugin "${item.docsPluginId ?? DEFAULT_PLUGIN_ID}", but the site's config did not resolve it to a link`);
}

/** Whether a doc link is the current page or an ancestor of it (never for the root). */
export function isActivePath(href: string, pathname: string): boolean {
  const target = pathKey(href);
  const current = pathKey(pathname);
  return target !== "/" && (current === target || current.startsWith(`${target}/`));
}
