import clsx from "clsx";
import type { SidebarItem } from "../../core/types";
import Link from "../Link/Link";
import { isActiveHref } from "./activeItems";
import SidebarCategory from "./SidebarCategory";

export default function SidebarItems({ items, pathname, depth = 0 }: { items: SidebarItem[]; pathname: string; depth?: number }) {
  return (
    <ul className="menu__list">
      {items.map((item, index) => {
        if (item.type === "category") return <SidebarCategory key={`${item.label}-${index}`} category={item} pathname={pathname} depth={depth} />;
        if (item.type === "html") {
          // Sidebars-file HTML (section headings, separators), written by the site's authors.
          return <li key={`html-${index}`} className={clsx("menu__item", "menu__html", item.defaultStyle && "menu__html--default-style", item.className)} dangerouslySetInnerHTML={{ __html: item.value }} />;
        }
        const active = isActiveHref(item.href, pathname);
        return (
          <li key={`${item.href}-${index}`} className={clsx("menu__item", item.className)}>
            <Link to={item.href} className={`menu__link${active ? " is-active" : ""}`} aria-current={active ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
