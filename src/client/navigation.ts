import { normalizePath, samePath, splitUrl } from "../core/paths";
import type { RouteStore } from "./RouteStore";
import { startProgressBar } from "./progressBar";

/** The progress bar of the navigation in flight; completed once the new route has rendered. */
let finishPending: (() => void) | null = null;

/** Called by the route content once the new address has rendered: the route update is complete. */
export function completeNavigation(): void {
  finishPending?.();
  finishPending = null;
}

export interface NavigationTarget {
  /** Changes the address inside the app (React Router). */
  go(to: string): void;
  /** Loads the address in the browser; the site path is given, the caller adds the base URL. */
  fullLoad(to: string): void;
}

/**
 * Loads the target page first and only then changes the address, so the old
 * page stays on screen instead of a spinner, with a progress bar if this is
 * slow. The address written is the route's own spelling (spec section 2), so
 * no second history change follows. If loading fails, the browser loads the
 * address itself: a full page load is better than a dead click.
 */
export async function navigateAfterPreload(store: RouteStore, to: string, currentPath: string, target: NavigationTarget): Promise<void> {
  const { pathname, search, hash } = splitUrl(to);
  if (!pathname || samePath(pathname, currentPath)) {
    target.go(to);
    return;
  }
  completeNavigation();
  const finish = startProgressBar();
  finishPending = finish;
  let canonical: string;
  try {
    const state = await store.preload(pathname);
    canonical = state.status === "ready" ? state.route.path : normalizePath(pathname);
  } catch (error) {
    finish();
    console.warn(`Could not load ${to} before navigating (${(error as Error).message}); reloading the page instead.`);
    target.fullLoad(to);
    return;
  }
  // A newer navigation took over while this one loaded: it owns the address now.
  if (finishPending !== finish) {
    finish();
    return;
  }
  target.go(`${canonical}${search}${hash}`);
}
