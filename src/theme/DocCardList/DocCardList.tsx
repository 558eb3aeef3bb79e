import clsx from "clsx";
import { useContext } from "react";
import type { SidebarCategory, SidebarItem, SidebarLink } from "../../core/types";
import { DocsSidebarContext } from "../../client/contexts/DocsContext";
import { useLocation } from "../../client/router";
import { findCategoryOf } from "./currentCategory";
import DocCard from "./DocCard";
import "./DocCardList.css";

/**
 * `@theme/DocCardList`: cards for the given sidebar items or, without
 * `items`, for the items of the sidebar category whose page this is (the
 * category index page of a doc or a generated index). HTML items get no card.
 */
export default function DocCardList({ items, className }: { items?: SidebarItem[]; className?: string }) {
  const sidebar = useContext(DocsSidebarContext);
  const { pathname } = useLocation();
  let list = items;
  if (!list) {
    const category = typeof sidebar === "object" && sidebar ? findCategoryOf(sidebar.items, pathname) : undefined;
    if (!category) throw new Error(`DocCardList without "items" must be on a sidebar category's own page; ${pathname} is not one`);
    list = category.items;
  }
  const cards = list.filter((item): item is SidebarLink | SidebarCategory => item.type !== "html");
  return (
    <section className={clsx("doc-card-list", className)}>
      {cards.map((item, index) => (
        <article key={index} className="doc-card-list__item">
          <DocCard item={item} />
        </article>
      ))}
    </section>
  );
}
