import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import type { SidebarItem } from "../../core/types";
import SidebarItems from "./SidebarItems";
import "./DocSidebar.css";

/** The section's sidebar on desktop: always shown, categories open around the current page. */
export default function DocSidebar({ items, label }: { items: SidebarItem[]; label: string }) {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = ref.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!active || !ref.current) return;
    const box = ref.current.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    if (item.top < box.top || item.bottom > box.bottom) active.scrollIntoView({ block: "center" });
  }, [pathname]);
  return (
    <aside className="doc-sidebar">
      <nav ref={ref} className="doc-sidebar__nav" aria-label="Docs sidebar">
        <p className="doc-sidebar__title">{label}</p>
        <SidebarItems items={items} pathname={pathname} />
      </nav>
    </aside>
  );
}
