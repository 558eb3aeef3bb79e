import { useContext } from "react";
import { DocsSidebarContext } from "../../client/contexts/DocsContext";
import { useLocation } from "../../client/router";
import DocCardList from "../DocCardList/DocCardList";
import { findCategoryOf } from "../DocCardList/currentCategory";

/**
 * The page of a sidebar category whose link is a generated index: its
 * description and a card per item. The docs chrome around it (sidebar,
 * title from the link's `title`) comes from the route's doc data.
 */
export default function DocCategoryGeneratedIndexPage() {
  const sidebar = useContext(DocsSidebarContext);
  const { pathname } = useLocation();
  const category = typeof sidebar === "object" && sidebar ? findCategoryOf(sidebar.items, pathname) : undefined;
  return (
    <>
      {category?.description && <p>{category.description}</p>}
      <DocCardList items={category?.items ?? []} />
    </>
  );
}
