import { useEffect, useId, useRef, useState } from "react";
import type { NavbarDropdownItem } from "../../core/types";
import Link from "../Link/Link";
import { navbarItemHref } from "./NavbarItem";

/** A menu of links that closes on a click, touch or focus outside it, and on Escape. */
export default function NavbarDropdown({ item, pathname, inMenu }: { item: NavbarDropdownItem; pathname: string; inMenu: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
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
    <li ref={ref} className={`${inMenu ? "menu__item" : "navbar__item"} dropdown${open ? " dropdown--open" : ""}`}>
      <button type="button" className={inMenu ? "menu__link" : "navbar__link"} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {item.label}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <ul className="dropdown__menu" id={listId} hidden={!open}>
        {item.items.map((child, index) => (
          <li key={index}>
            <Link to={navbarItemHref(child)} className="dropdown__link">
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
