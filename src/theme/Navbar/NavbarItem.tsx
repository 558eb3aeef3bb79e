import { DEFAULT_PLUGIN_ID } from "../../core/constants";
import { isExternalUrl, pathKey } from "../../core/paths";
import type { NavbarItem as NavbarItemConfig } from "../../core/types";
import { getDoc } from "../../client/contexts/DocsContext";
import type { RouteStore } from "../../client/RouteStore";
import { useSite } from "../../client/contexts/SiteContext";
import Link from "../Link/Link";
import ExternalLinkIcon from "../Link/ExternalLinkIcon";
import NavbarDropdown from "./NavbarDropdown";
import DocsVersionDropdownNavbarItem from "../DocsVersionDropdown/DocsVersionDropdownNavbarItem";
import DocsVersionNavbarItem from "../DocsVersionNavbarItem/DocsVersionNavbarItem";
import { useDocItemHref } from "./useDocItemHref";
import { navbarItemError } from "./navbarItemError";

type LinkLikeItem = Extract<NavbarItemConfig, { type: "doc" | "link" }>;

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

export function isActivePath(href: string, pathname: string): boolean {
  const target = pathKey(href);
  const current = pathKey(pathname);
  return target !== "/" && (current === target || current.startsWith(`${target}/`));
}

/** One navbar entry: a doc link, a plain (maybe external) link, or a dropdown of those. */
export default function NavbarItem({ item, pathname, inMenu = false }: { item: NavbarItemConfig; pathname: string; inMenu?: boolean }) {
  const { store } = useSite();
  const docHref = useDocItemHref();
  if (item.type === "dropdown") {
    if (!Array.isArray(item.items)) throw navbarItemError(item, new Error(`dropdown "${item.label}" has no items list`));
    return <NavbarDropdown item={item} pathname={pathname} inMenu={inMenu} />;
  }
  if (item.type === "docsVersionDropdown") return <DocsVersionDropdownNavbarItem item={item} pathname={pathname} inMenu={inMenu} />;
  if (item.type === "docsVersion") return <DocsVersionNavbarItem item={item} pathname={pathname} inMenu={inMenu} />;
  let href: string;
  try {
    href = docHref(item) ?? navbarItemHref(item, store);
  } catch (error) {
    throw navbarItemError(item, error);
  }
  const active = item.type === "doc" && isActivePath(href, pathname);
  const external = isExternalUrl(href);
  return (
    <li className={inMenu ? "menu__item" : "navbar__item"}>
      <Link to={href} className={`${inMenu ? "menu__link" : "navbar__link"}${active ? " is-active" : ""}`} aria-current={active ? "page" : undefined}>
        {item.label}
        {external && <ExternalLinkIcon />}
      </Link>
    </li>
  );
}
