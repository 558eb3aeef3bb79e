import { isExternalUrl } from "../../core/paths";
import type { NavbarItem as NavbarItemConfig } from "../../core/types";
import Link from "../Link/Link";
import ExternalLinkIcon from "../Link/ExternalLinkIcon";
import NavbarDropdown from "./NavbarDropdown";
import HtmlNavbarItem from "./HtmlNavbarItem";
import { DocsVersionDropdownNavbarItem, DocsVersionNavbarItem } from "virtual:version-ui";
import { useDocItemHref } from "./useDocItemHref";
import { navbarItemError } from "./navbarItemError";
import { isActivePath, navbarItemHref } from "./navbarItemHref";

/** One navbar entry: a doc link, a plain (maybe external) link, the author's HTML, or a dropdown of links. */
export default function NavbarItem({ item, pathname, inMenu = false }: { item: NavbarItemConfig; pathname: string; inMenu?: boolean }) {
  const docHref = useDocItemHref();
  if (item.type === "dropdown") {
    if (!Array.isArray(item.items)) throw navbarItemError(item, new Error(`dropdown "${item.label}" has no items list`));
    return <NavbarDropdown item={item} pathname={pathname} inMenu={inMenu} />;
  }
  if (item.type === "html") return <HtmlNavbarItem item={item} inMenu={inMenu} />;
  // The version UI is built in whenever the navbar has a version item (see siteShowsVersions).
  if (item.type === "docsVersionDropdown") return DocsVersionDropdownNavbarItem && <DocsVersionDropdownNavbarItem item={item} pathname={pathname} inMenu={inMenu} />;
  if (item.type === "docsVersion") return DocsVersionNavbarItem && <DocsVersionNavbarItem item={item} pathname={pathname} inMenu={inMenu} />;
  let href: string;
  try {
    href = docHref(item) ?? navbarItemHref(item);
  } catch (error) {
    throw navbarItemError(item, error);
  }
  const active = item.type === "doc" && isActivePath(href, pathname);
  const external = isExternalUrl(href);
  const className = [inMenu ? "menu__link" : "navbar__link", active && "is-active", item.type === "link" && item.className].filter(Boolean).join(" ");
  const ariaLabel = item.type === "link" ? item.ariaLabel : undefined;
  if (item.type === "link" && item.html !== undefined) {
    // The author's markup replaces the label (Docusaurus' `html` on a link item).
    return (
      <li className={inMenu ? "menu__item" : "navbar__item"}>
        <Link to={href} className={className} aria-label={ariaLabel} dangerouslySetInnerHTML={{ __html: item.html }} />
      </li>
    );
  }
  return (
    <li className={inMenu ? "menu__item" : "navbar__item"}>
      <Link to={href} className={className} aria-label={ariaLabel} aria-current={active ? "page" : undefined}>
        {item.label}
        {/* An icon link (no label) gets no external-link mark, as in Docusaurus. */}
        {external && item.label && <ExternalLinkIcon />}
      </Link>
    </li>
  );
}
