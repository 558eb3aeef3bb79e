import type { NavbarDocsVersionItem } from "../../core/types";
import Link from "../Link/Link";
import { isActivePath } from "../Navbar/navbarItemHref";
import { useDocsVersions } from "../DocsPreferredVersion/useDocsVersions";

/** A link to the main doc of the version shown (the page's, else the preferred, else the latest), labelled with it. */
export default function DocsVersionNavbarItem({ item, pathname, inMenu }: { item: NavbarDocsVersionItem; pathname: string; inMenu: boolean }) {
  const { shown } = useDocsVersions(item.docsPluginId);
  const href = item.to ?? shown.mainDocPath;
  const active = isActivePath(href, pathname);
  return (
    <li className={inMenu ? "menu__item" : "navbar__item"}>
      <Link to={href} className={`${inMenu ? "menu__link" : "navbar__link"}${active ? " is-active" : ""}`} aria-current={active ? "page" : undefined}>
        {item.label ?? shown.label}
      </Link>
    </li>
  );
}
