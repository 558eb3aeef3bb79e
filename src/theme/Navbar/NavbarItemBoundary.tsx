import { Component, type ReactNode } from "react";
import type { NavbarItem } from "../../core/types";
import { navbarItemError } from "./navbarItemError";

/**
 * Rethrows a navbar item's render error with the item's config attached, so
 * the crash page says which entry of site.config.ts is at fault. (On the
 * server, NavbarItem names its config itself: boundaries only work in the browser.)
 */
export default class NavbarItemBoundary extends Component<{ item: NavbarItem; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    if (this.state.error) {
      if (this.state.error.message.startsWith("A navbar item could not be rendered")) throw this.state.error;
      throw navbarItemError(this.props.item, this.state.error);
    }
    return this.props.children;
  }
}
