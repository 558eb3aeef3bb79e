import type { NavbarDropdownItem } from "../../core/types";
import DropdownMenu from "./DropdownMenu";
import { isActivePath, navbarItemHref } from "./navbarItemHref";
import { navbarItemError } from "./navbarItemError";
import { useDocItemHref } from "./useDocItemHref";

/** A dropdown item of the config: its doc and link items as a menu. */
export default function NavbarDropdown({ item, pathname, inMenu }: { item: NavbarDropdownItem; pathname: string; inMenu: boolean }) {
  const docHref = useDocItemHref();
  const links = item.items.map((child) => {
    let href: string;
    try {
      href = docHref(child) ?? navbarItemHref(child);
    } catch (error) {
      throw navbarItemError(item, error);
    }
    return { label: child.label, href, active: child.type === "doc" && isActivePath(href, pathname) };
  });
  return <DropdownMenu label={item.label} links={links} toggleActive={links.some((link) => link.active)} pathname={pathname} inMenu={inMenu} />;
}
