import type { NavbarItem } from "../../core/types";

/** The error for a navbar item that cannot render, naming its entry in site.config.ts. */
export function navbarItemError(item: NavbarItem, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(`A navbar item could not be rendered (${reason}). Check this item in navbar.items of site.config.ts: ${JSON.stringify(item)}`, { cause });
}
