import { useLocation } from "react-router-dom";
import { useMobileMenu } from "../../runtime/MobileMenuContext";
import { useSite } from "../../runtime/SiteContext";
import ColorModeToggle from "../ColorModeToggle/ColorModeToggle";
import Link from "../Link/Link";
import NavbarItem from "./NavbarItem";
import NavbarItemBoundary from "./NavbarItemBoundary";
import { useHideOnScroll } from "./useHideOnScroll";
import "./Navbar.css";

export default function Navbar() {
  const { config } = useSite();
  const { pathname } = useLocation();
  const menu = useMobileMenu();
  const hidden = useHideOnScroll(config.navbar.hideOnScroll);
  const left = config.navbar.items.filter((item) => (item.position ?? "left") === "left");
  const right = config.navbar.items.filter((item) => item.position === "right");
  const renderItem = (item: (typeof left)[number], index: number) => (
    <NavbarItemBoundary key={`${item.label}-${index}`} item={item}>
      <NavbarItem item={item} pathname={pathname} />
    </NavbarItemBoundary>
  );
  return (
    <nav className={`navbar${hidden ? " navbar--hidden" : ""}`} aria-label="Main">
      <div className="navbar__inner">
        {menu.enabled && (
          <button
            type="button"
            className="navbar__menu-toggle"
            aria-label="Open navigation menu"
            aria-expanded={menu.shown}
            aria-controls="mobile-menu"
            onClick={() => menu.setShown(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        )}
        <Link to="/" className="navbar__brand">
          {config.navbar.logo && <img className="navbar__logo" src={config.navbar.logo.src} alt={config.navbar.logo.alt} width="32" height="32" />}
          <span className="navbar__title">{config.navbar.title}</span>
        </Link>
        <ul className="navbar__items navbar__items--left">{left.map(renderItem)}</ul>
        <div className="navbar__spacer" />
        <ul className="navbar__items navbar__items--right">{right.map(renderItem)}</ul>
        {!config.colorMode.disableSwitch && <ColorModeToggle />}
      </div>
    </nav>
  );
}
