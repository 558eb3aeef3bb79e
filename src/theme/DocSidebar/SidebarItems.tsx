import type { SidebarItem } from "../../core/types";
import Link from "../Link/Link";
import { isActiveHref } from "./activeItems";
import SidebarCategory from "./SidebarCategory";

export default function SidebarItems({ items, pathname, depth = 0 }: { items: SidebarItem[]; pathname: string; depth?: number }) {
  return (
    <ul className="menu__list">
      {items.map((item, index) =>
        item.type === "category" ? (
          <SidebarCategory key={`${item.label}-${index}`} category={item} pathname={pathname} depth={depth} />
        ) : (
          <li key={`${item.href}-${index}`} className="menu__item">
            <Link
              to={item.href}
              className={`menu__link${isActiveHref(item.href, pathname) ? " is-active" : ""}`}
              aria-current={isActiveHref(item.href, pathname) ? "page" : undefined}
            >
              {item.label}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
