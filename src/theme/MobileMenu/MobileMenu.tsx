import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { MOBILE_MENU_BACK_LABEL } from "../../core/constants";
import { useMobileMenu } from "../../runtime/MobileMenuContext";
import { useSite } from "../../runtime/SiteContext";
import ColorModeToggle from "../ColorModeToggle/ColorModeToggle";
import SidebarItems from "../DocSidebar/SidebarItems";
import Link from "../Link/Link";
import NavbarItem from "../Navbar/NavbarItem";
import "./MobileMenu.css";

/** The slide-out menu of narrow screens: the navbar items, and the current section's sidebar. */
export default function MobileMenu() {
  const { config, store } = useSite();
  const menu = useMobileMenu();
  const { pathname } = useLocation();
  const closeButton = useRef<HTMLButtonElement>(null);
  const state = store.resolve(pathname);
  const sidebarName = state.status === "ready" ? state.route.doc?.sidebar : undefined;
  const sidebar = state.status === "ready" && sidebarName ? state.manifest.versions[0]?.sidebars[sidebarName] : undefined;
  const panel = sidebar ? menu.panel : "primary";

  useEffect(() => {
    if (!menu.shown) return;
    menu.setPanel("secondary");
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") menu.setShown(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menu.shown]);

  if (!menu.enabled) return null;
  return (
    <>
      <div className={`mobile-menu__backdrop${menu.shown ? " is-shown" : ""}`} onClick={() => menu.setShown(false)} aria-hidden="true" />
      <div
        id="mobile-menu"
        className={`mobile-menu${menu.shown ? " is-shown" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        hidden={!menu.shown}
      >
        <div className="mobile-menu__header">
          <Link to="/" className="navbar__brand">
            <span className="navbar__title">{config.navbar.title}</span>
          </Link>
          {!config.colorMode.disableSwitch && <ColorModeToggle />}
          <button ref={closeButton} type="button" className="mobile-menu__close" aria-label="Close navigation menu" onClick={() => menu.setShown(false)}>
            ×
          </button>
        </div>
        {!menu.shown ? null : panel === "primary" ? (
          <nav className="mobile-menu__panel" aria-label="Main menu">
            <ul className="menu__list">
              {config.navbar.items.map((item, index) => (
                <NavbarItem key={index} item={item} pathname={pathname} inMenu />
              ))}
            </ul>
          </nav>
        ) : (
          <nav className="mobile-menu__panel" aria-label="Docs sidebar">
            <button type="button" className="mobile-menu__back" onClick={() => menu.setPanel("primary")}>
              {MOBILE_MENU_BACK_LABEL}
            </button>
            <SidebarItems items={sidebar ?? []} pathname={pathname} />
          </nav>
        )}
      </div>
    </>
  );
}
