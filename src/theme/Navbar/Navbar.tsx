import { useRef } from "react";
import { useLocation } from "../../client/router";
import { MOBILE_MENU_TOGGLE_ID, NAVBAR_DEFAULT_POSITION, PAGES_PLUGIN_ID } from "../../core/constants";
import { docsTagFor } from "../../core/docsTag";
import type { NavbarItem as NavbarItemConfig } from "../../core/types";
import { useMobileMenu } from "../../client/contexts/MobileMenuContext";
import { docsTagOfPath } from "../../core/docsVersions";
import { useSite } from "../../client/contexts/SiteContext";
import SearchBar from "../SearchBar/SearchBar";
import ColorModeToggle from "../ColorModeToggle/ColorModeToggle";
import { loadMobileMenu } from "../MobileMenu/MobileMenu";
import NavbarBrand from "./NavbarBrand";
import NavbarItem from "./NavbarItem";
import NavbarItemBoundary from "./NavbarItemBoundary";
import NavbarFallbackMenu from "./NavbarFallbackMenu";
import { useHideOnScroll } from "./useHideOnScroll";
import "./Navbar.css";

const prefetchMenu = () => void loadMobileMenu().catch(() => undefined);

/** The fixed top bar: brand, items on the left and right, search and the colour-mode toggle. */
export default function Navbar() {
  const { config } = useSite();
  const { pathname } = useLocation();
  const currentDocsTag = docsTagOfPath(config.sections, pathname);
  const menu = useMobileMenu();
  const ref = useRef<HTMLElement>(null);
  const hiddenByScroll = useHideOnScroll(config.navbar.hideOnScroll, ref);
  const hidden = hiddenByScroll && !menu.shown;
  const items = config.navbar.items;
  const left = items.filter((item) => (item.position ?? NAVBAR_DEFAULT_POSITION) === "left");
  const right = items.filter((item) => (item.position ?? NAVBAR_DEFAULT_POSITION) === "right");
  const renderItem = (item: NavbarItemConfig, index: number) => (
    <NavbarItemBoundary key={`${item.type}-${index}`} item={item}>
      <NavbarItem item={item} pathname={pathname} />
    </NavbarItemBoundary>
  );
  return (
    <nav ref={ref} className={`navbar${hidden ? " navbar--hidden" : ""}`} aria-label="Main">
      <div className="navbar__inner">
        {menu.enabled && (
          <button
            id={MOBILE_MENU_TOGGLE_ID}
            type="button"
            className="navbar__menu-toggle"
            aria-label="Open navigation menu"
            aria-expanded={menu.shown}
            aria-controls="mobile-menu"
            aria-haspopup="dialog"
            onClick={() => menu.setShown(true)}
            onPointerEnter={prefetchMenu}
            onFocus={prefetchMenu}
            onTouchStart={prefetchMenu}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        )}
        {menu.enabled && <NavbarFallbackMenu items={items} pathname={pathname} />}
        <NavbarBrand />
        {left.length > 0 && <ul className="navbar__items navbar__items--left">{left.map(renderItem)}</ul>}
        <div className="navbar__spacer" />
        {right.length > 0 && <ul className="navbar__items navbar__items--right">{right.map(renderItem)}</ul>}
        {!config.colorMode.disableSwitch && <ColorModeToggle />}
        <div className="navbar__search">
          <SearchBar baseUrl={config.baseUrl} currentDocsTag={currentDocsTag} algolia={config.search.algolia} />
        </div>
      </div>
    </nav>
  );
}
