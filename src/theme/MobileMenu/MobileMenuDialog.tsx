import { useEffect, useRef, useState } from "react";
import { useLocation } from "../../client/router";
import { MOBILE_MENU_BACK_LABEL, MOBILE_MENU_TOGGLE_ID } from "../../core/constants";
import { useMobileMenu } from "../../client/contexts/MobileMenuContext";
import { useSite } from "../../client/contexts/SiteContext";
import ColorModeToggle from "../ColorModeToggle/ColorModeToggle";
import SidebarItems from "../DocSidebar/SidebarItems";
import { usePageSidebar } from "../DocSidebar/usePageSidebar";
import NavbarBrand from "../Navbar/NavbarBrand";
import NavbarItem from "../Navbar/NavbarItem";
import NavbarItemBoundary from "../Navbar/NavbarItemBoundary";
import "./MobileMenu.css";

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The slide-out menu of narrow screens. Its primary panel holds the navbar
 * items; when the page has a sidebar, the secondary panel shows it, with a
 * button back to the primary one. While open it is a modal dialog: focus stays
 * inside, Escape or the backdrop closes it, and focus returns to the toggle.
 */
export default function MobileMenuDialog() {
  const { config } = useSite();
  const menu = useMobileMenu();
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Mounted closed for one frame, so even the first opening slides in.
  const [entered, setEntered] = useState(false);
  const { sidebar, sectionLabel } = usePageSidebar();
  const panel = sidebar ? menu.panel : "primary";
  const { setShown, setPanel } = menu;
  const shown = menu.shown && entered;

  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    if (!shown) return;
    setPanel("secondary");
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setShown(false);
        return;
      }
      if (event.key !== "Tab" || !dialog.current) return;
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Back to where the reader was, unless they moved on (a link in the menu navigated).
      if (!document.activeElement || document.activeElement === document.body || dialog.current?.contains(document.activeElement)) {
        document.getElementById(MOBILE_MENU_TOGGLE_ID)?.focus();
      }
    };
  }, [shown, setShown, setPanel]);

  return (
    <>
      <div className={`mobile-menu__backdrop${shown ? " is-shown" : ""}`} onClick={() => setShown(false)} aria-hidden="true" />
      <div
        ref={dialog}
        id="mobile-menu"
        className={`mobile-menu${shown ? " is-shown" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        inert={!shown}
      >
        <div className="mobile-menu__header">
          <NavbarBrand />
          {!config.colorMode.disableSwitch && <ColorModeToggle />}
          <button ref={closeButton} type="button" className="mobile-menu__close" aria-label="Close navigation menu" onClick={() => setShown(false)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className={`mobile-menu__panels mobile-menu__panels--${panel}`}>
          <nav className="mobile-menu__panel mobile-menu__panel--primary" aria-label="Main menu" hidden={panel !== "primary"}>
            <ul className="menu__list">
              {config.navbar.items.map((item, index) => (
                <NavbarItemBoundary key={`${item.type}-${index}`} item={item}>
                  <NavbarItem item={item} pathname={pathname} inMenu />
                </NavbarItemBoundary>
              ))}
            </ul>
          </nav>
          {sidebar && (
            <nav className="mobile-menu__panel mobile-menu__panel--secondary" aria-label="Docs sidebar" hidden={panel !== "secondary"}>
              <button type="button" className="mobile-menu__back" onClick={() => setPanel("primary")}>
                {MOBILE_MENU_BACK_LABEL}
              </button>
              <p className="mobile-menu__section">{sectionLabel}</p>
              <SidebarItems items={sidebar} pathname={pathname} />
            </nav>
          )}
        </div>
      </div>
    </>
  );
}
