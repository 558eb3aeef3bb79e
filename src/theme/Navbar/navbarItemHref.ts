import { DEFAULT_PLUGIN_ID } from "../../core/constants";
import { pathKey } from "../../core/paths";
import type { NavbarItem as NavbarItemConfig } from "../../core/types";
import { getDoc } from "../../client/contexts/DocsContext";
import type { RouteStore } from "../../client/RouteStore";

export type LinkLikeItem = Exclude<NavbarItemConfig, { type: "dropdown" | "html" }>;

/**
 * The link an item points to. The build resolves a doc item's docId and
 * docsPluginId to its href; without that, the doc is looked up in its
 * section's manifest, which names the doc ids that exist when it is missing.
 */
export function navbarItemHref(item: LinkLikeItem, store?: RouteStore): string {
  if (item.type === "link") {
    if (typeof item.href !== "string" || item.href === "") throw new Error(`link item "${item.label}" has no href`);
    return item.href;
  }
  if (item.type !== "doc") throw new Error(`unknown navbar item type "${(item as { type?: unknown }).type}"; use "doc", "link" or "dropdown"`);
  if (item.href) return item.href;
  const pluginId = item.docsPluginId ?? DEFAULT_PLUGIN_ID;
  const manifest = store?.getManifest(pluginId);
  if (!manifest) throw new Error(`doc item "${item.label}" names doc "${item.docId}" of docs plugin "${pluginId}", but its link was not resolved and that plugin's docs are not loaded`);
  return getDoc(manifest.versions[0], item.docId).path;
}

/** Whether a doc link is the current page or an ancestor of it (never for the root). */
export function isActivePath(href: string, pathname: string): boolean {
  const target = pathKey(href);
  const current = pathKey(pathname);
  return target !== "/" && (current === target || current.startsWith(`${target}/`));
}
