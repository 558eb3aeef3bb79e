import type { NavbarHtmlItem } from "../../core/types";

/**
 * A navbar entry that is the site author's own markup, placed as written
 * (Docusaurus' `type: "html"` item; the config is the author's, so it is trusted).
 */
export default function HtmlNavbarItem({ item, inMenu }: { item: NavbarHtmlItem; inMenu: boolean }) {
  const className = [inMenu ? "menu__list-item" : "navbar__item", item.className].filter(Boolean).join(" ");
  return <li className={className} dangerouslySetInnerHTML={{ __html: item.value }} />;
}
