import { useEffect, useId, useRef, useState } from "react";
import { isExternalUrl } from "../../core/paths";
import ExternalLinkIcon from "../Link/ExternalLinkIcon";
import Link from "../Link/Link";

export interface DropdownLink {
  label: string;
  href: string;
  active: boolean;
  /** Runs before the link navigates (the version dropdown saves the reader's choice). */
  onClick?: () => void;
}

/**
 * A menu of links that closes on a click, touch or focus outside it, and on
 * Escape (which returns focus to its button). In the mobile menu it opens in
 * place, pushing the items below it down.
 */
export default function DropdownMenu({ label, links, toggleActive, pathname, inMenu, className }: {
  label: string;
  links: DropdownLink[];
  toggleActive: boolean;
  pathname: string;
  inMenu: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

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
    <li ref={ref} className={`${inMenu ? "menu__item" : "navbar__item"} dropdown${inMenu ? " dropdown--in-menu" : ""}${open ? " dropdown--open" : ""}${className ? ` ${className}` : ""}`}>
      <button
        ref={button}
        type="button"
        className={`${inMenu ? "menu__link" : "navbar__link"} dropdown__toggle${toggleActive ? " is-active" : ""}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {label}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <ul className="dropdown__menu" id={listId} hidden={!open}>
        {links.map((link, index) => (
          <li key={index}>
            <Link
              to={link.href}
              className={`dropdown__link${link.active ? " is-active" : ""}`}
              aria-current={link.active ? "page" : undefined}
              onClick={() => {
                link.onClick?.();
                setOpen(false);
              }}
            >
              {link.label}
              {isExternalUrl(link.href) && <ExternalLinkIcon />}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
