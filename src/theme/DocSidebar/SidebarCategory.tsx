import { useEffect, useId, useState } from "react";
import type { SidebarCategory as SidebarCategoryData } from "../../core/types";
import Collapsible from "../Collapsible/Collapsible";
import Link from "../Link/Link";
import { containsActive, isActiveHref } from "./activeItems";
import SidebarItems from "./SidebarItems";

/**
 * A category opens by itself when the reader arrives inside it; otherwise it
 * keeps whatever state the reader gave it (the sidebar does not auto-collapse
 * other categories).
 */
export default function SidebarCategory({ category, pathname, depth }: { category: SidebarCategoryData; pathname: string; depth: number }) {
  const holdsActive = containsActive(category, pathname);
  const [collapsed, setCollapsed] = useState(category.collapsible && category.collapsed && !holdsActive);
  const listId = useId();
  useEffect(() => {
    if (holdsActive) setCollapsed(false);
  }, [holdsActive]);
  const active = isActiveHref(category.href, pathname);
  const toggle = (
    <button
      type="button"
      className="menu__caret"
      aria-expanded={!collapsed}
      aria-controls={listId}
      aria-label={`${collapsed ? "Expand" : "Collapse"} sidebar category '${category.label}'`}
      onClick={() => setCollapsed(!collapsed)}
    />
  );
  return (
    <li className={`menu__item menu__item--category${collapsed ? " is-collapsed" : ""}${category.className ? ` ${category.className}` : ""}`}>
      <div className="menu__category-row">
        {category.href ? (
          <Link to={category.href} className={`menu__link menu__link--category${active ? " is-active" : ""}`} aria-current={active ? "page" : undefined}>
            {category.label}
          </Link>
        ) : (
          <button
            type="button"
            className="menu__link menu__link--category menu__link--toggle"
            aria-expanded={!collapsed}
            aria-controls={listId}
            onClick={() => category.collapsible && setCollapsed(!collapsed)}
          >
            {category.label}
            {category.collapsible && <span className="menu__toggle-caret" aria-hidden="true" />}
          </button>
        )}
        {category.collapsible && category.href && toggle}
      </div>
      <Collapsible id={listId} collapsed={collapsed} lazy>
        <SidebarItems items={category.items} pathname={pathname} depth={depth + 1} />
      </Collapsible>
    </li>
  );
}
