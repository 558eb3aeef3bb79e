import { pathKey } from "../../core/paths";
import type { NavbarItem as NavbarItemConfig } from "../../core/types";
import Link from "../Link/Link";
import NavbarDropdown from "./NavbarDropdown";

/** The link an item points to: a doc item's href is resolved by the build. */
export function navbarItemHref(item: Exclude<NavbarItemConfig, { type: "dropdown" }>): string {
  if (item.type === "link") return item.href;
  if (!item.href) throw new Error(`Navbar item "${item.label}" names doc "${item.docId}" but has no resolved link`);
  return item.href;
}

export function isActivePath(href: string, pathname: string): boolean {
  const target = pathKey(href);
  const current = pathKey(pathname);
  return target !== "/" && (current === target || current.startsWith(`${target}/`));
}

export default function NavbarItem({ item, pathname, inMenu = false }: { item: NavbarItemConfig; pathname: string; inMenu?: boolean }) {
  if (item.type === "dropdown") return <NavbarDropdown item={item} pathname={pathname} inMenu={inMenu} />;
  const href = navbarItemHref(item);
  const active = item.type === "doc" && isActivePath(href, pathname);
  return (
    <li className={inMenu ? "menu__item" : "navbar__item"}>
      <Link to={href} className={`${inMenu ? "menu__link" : "navbar__link"}${active ? " is-active" : ""}`} aria-current={active ? "page" : undefined}>
        {item.label}
      </Link>
    </li>
  );
}
