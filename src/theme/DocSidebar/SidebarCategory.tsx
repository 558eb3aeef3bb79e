import { useEffect, useId, useState } from "react";
import type { SidebarCategory as SidebarCategoryData } from "../../core/types";
import Collapsible from "../Collapsible/Collapsible";
import Link from "../Link/Link";
import useIsBrowser from "../docusaurus/useIsBrowser";
import { containsActive, firstHref, isActiveHref } from "./activeItems";
import SidebarItems from "./SidebarItems";
import { useSite } from "../../client/contexts/SiteContext";

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
  // A category of a large sidebar brings its items when first opened; the store re-renders the sidebar with them.
  const { store } = useSite();
  const itemsFile = category.itemsFile;
  useEffect(() => {
    if (!collapsed && itemsFile) store.loadSidebarFile(itemsFile).catch(() => undefined);
  }, [collapsed, itemsFile, store]);
  const active = isActiveHref(category.href, pathname);
  // Until the page hydrates (and for good without JavaScript) a category with no page of its own
  // links to its first page, where it opens, instead of being a toggle that cannot work (as Docusaurus does).
  const hydrated = useIsBrowser();
  const fallbackHref = !category.href && !hydrated && collapsed ? firstHref(category) : undefined;
  // Nor does a closed category's caret work before then: the server leaves it and the empty list
  // out, which keeps a large sidebar's HTML (a hundred closed categories) small on every page.
  const closedUntilHydrated = collapsed && !hydrated;
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
        ) : fallbackHref ? (
          <Link to={fallbackHref} className="menu__link menu__link--category menu__link--toggle">
            {category.label}
            {category.collapsible && <span className="menu__toggle-caret" aria-hidden="true" />}
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
        {category.collapsible && category.href && !closedUntilHydrated && toggle}
      </div>
      {!closedUntilHydrated && (
        <Collapsible id={listId} collapsed={collapsed} lazy>
          <SidebarItems items={category.items} pathname={pathname} depth={depth + 1} />
        </Collapsible>
      )}
    </li>
  );
}
