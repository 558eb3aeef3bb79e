import type { NavbarItem as NavbarItemConfig } from "../../core/types";
import SidebarItems from "../DocSidebar/SidebarItems";
import { usePageSidebar } from "../DocSidebar/usePageSidebar";
import NavbarItem from "./NavbarItem";
import NavbarItemBoundary from "./NavbarItemBoundary";

/**
 * The narrow-screen menu for readers without JavaScript: the menu button is hidden (CSS,
 * scripting: none) and this disclosure lists the navbar's links and the page's docs sidebar
 * instead. React never renders noscript content in the browser, so it costs hydration nothing.
 */
export default function NavbarFallbackMenu({ items, pathname }: { items: NavbarItemConfig[]; pathname: string }) {
  const { sidebar, sectionLabel } = usePageSidebar();
  return (
    <noscript>
      <details className="navbar__fallback-menu">
        <summary className="navbar__menu-toggle">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="visually-hidden">Menu</span>
        </summary>
        <nav className="navbar__fallback-panel" aria-label="Navigation menu">
          <ul className="menu__list">
            {items.map((item, index) => (
              <NavbarItemBoundary key={`${item.type}-${index}`} item={item}>
                <NavbarItem item={item} pathname={pathname} inMenu />
              </NavbarItemBoundary>
            ))}
          </ul>
          {sidebar && (
            <>
              <p className="navbar__fallback-heading">{sectionLabel}</p>
              <SidebarItems items={sidebar} pathname={pathname} />
            </>
          )}
        </nav>
      </details>
    </noscript>
  );
}
