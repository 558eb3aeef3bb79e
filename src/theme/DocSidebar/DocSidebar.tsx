import { useEffect, useRef } from "react";
import { useLocation } from "../../client/router";
import type { SidebarItem } from "../../core/types";
import SidebarItems from "./SidebarItems";
import "./DocSidebar.css";

/**
 * The section's sidebar on desktop: always shown (it cannot be hidden), its
 * categories open around the current page, and the current page's entry
 * scrolled into the sidebar's view.
 */
export default function DocSidebar({ items, label }: { items: SidebarItem[]; label: string }) {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    const box = nav.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    // Only the sidebar scrolls: scrollIntoView would move the page too.
    if (item.top < box.top || item.bottom > box.bottom) nav.scrollTop += item.top - box.top - (box.height - item.height) / 2;
  }, [pathname]);
  return (
    <div className="doc-sidebar">
      <nav ref={ref} className="doc-sidebar__nav" aria-label="Docs sidebar">
        <p className="doc-sidebar__title">{label}</p>
        <SidebarItems items={items} pathname={pathname} />
      </nav>
    </div>
  );
}
