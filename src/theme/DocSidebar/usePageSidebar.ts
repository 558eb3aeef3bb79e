import { useLocation } from "../../client/router";
import { useSite } from "../../client/contexts/SiteContext";
import type { SidebarItem } from "../../core/types";

/** The docs sidebar of the page at the current address and its section's label, when the page has one. */
export function usePageSidebar(): { sidebar: SidebarItem[] | undefined; sectionLabel: string } {
  const { store } = useSite();
  const { pathname } = useLocation();
  const state = store.resolve(pathname);
  if (state.status !== "ready") return { sidebar: undefined, sectionLabel: "" };
  return { sidebar: state.sidebar, sectionLabel: state.manifest.label };
}
