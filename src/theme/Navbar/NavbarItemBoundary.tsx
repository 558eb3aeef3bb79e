import { Component, type ReactNode } from "react";
import type { NavbarItem } from "../../core/types";

/**
 * Rethrows a navbar item's render error with the item's config attached, so
 * the crash page says which entry of site.config.ts is at fault.
 */
export default class NavbarItemBoundary extends Component<{ item: NavbarItem; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    if (this.state.error) {
      throw new Error(`A navbar item could not be rendered. Its config: ${JSON.stringify(this.props.item)}`, { cause: this.state.error });
    }
    return this.props.children;
  }
}
