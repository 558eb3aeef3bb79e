import { useEffect, useId, useRef, useState } from "react";
import { isExternalUrl } from "../../core/paths";
import type { NavbarDropdownItem } from "../../core/types";
import { useSite } from "../../client/contexts/SiteContext";
import ExternalLinkIcon from "../Link/ExternalLinkIcon";
import Link from "../Link/Link";
import { isActivePath, navbarItemHref } from "./navbarItemHref";
import { navbarItemError } from "./navbarItemError";

/**
 * A menu of links that closes on a click, touch or focus outside it, and on
 * Escape (which returns focus to its button). In the mobile menu it opens in
 * place, pushing the items below it down.
 */
export default function NavbarDropdown({ item, pathname, inMenu }: { item: NavbarDropdownItem; pathname: string; inMenu: boolean }) {
  const { store } = useSite();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const links = item.items.map((child) => {
    try {
      return { child, href: navbarItemHref(child, store) };
    } catch (error) {
      throw navbarItemError(item, error);
    }
  });
  const holdsActive = links.some(({ child, href }) => child.type === "doc" && isActivePath(href, pathname));

  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", closeIfOutside);
    document.addEventListener("touchstart", closeIfOutside);
    document.addEventListener("focusin", closeIfOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeIfOutside);
      document.removeEventListener("touchstart", closeIfOutside);
      document.removeEventListener("focusin", closeIfOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);
  useEffect(() => setOpen(false), [pathname]);

  return (
    <li ref={ref} className={`${inMenu ? "menu__item" : "navbar__item"} dropdown${inMenu ? " dropdown--in-menu" : ""}${open ? " dropdown--open" : ""}`}>
      <button
        ref={button}
        type="button"
        className={`${inMenu ? "menu__link" : "navbar__link"} dropdown__toggle${holdsActive ? " is-active" : ""}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {item.label}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <ul className="dropdown__menu" id={listId} hidden={!open}>
        {links.map(({ child, href }, index) => {
          const active = child.type === "doc" && isActivePath(href, pathname);
          return (
            <li key={index}>
              <Link to={href} className={`dropdown__link${active ? " is-active" : ""}`} aria-current={active ? "page" : undefined} onClick={() => setOpen(false)}>
                {child.label}
                {isExternalUrl(href) && <ExternalLinkIcon />}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
