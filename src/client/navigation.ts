import { samePath, splitUrl } from "../core/paths";
import type { RouteStore } from "./RouteStore";
import { startProgressBar } from "./progressBar";

/** The progress bar of the navigation in flight; completed once the new route has rendered. */
let finishPending: (() => void) | null = null;

/** Called by the route content once the new address has rendered: the route update is complete. */
export function completeNavigation(): void {
  finishPending?.();
  finishPending = null;
}

/**
 * Loads the target page first and only then changes the address, so the old
 * page stays on screen instead of a spinner, with a progress bar if this is
 * slow. If loading fails, the browser loads the address itself: a full page
 * load is better than a dead click.
 */
export async function navigateAfterPreload(store: RouteStore, to: string, currentPath: string, go: (to: string) => void): Promise<void> {
  const { pathname } = splitUrl(to);
  if (!pathname || samePath(pathname, currentPath)) {
    go(to);
    return;
  }
  completeNavigation();
  const finish = startProgressBar();
  finishPending = finish;
  try {
    await store.preload(pathname);
  } catch (error) {
    finish();
    console.warn(`Could not load ${to} before navigating (${(error as Error).message}); reloading the page instead.`);
    window.location.assign(to);
    return;
  }
  // A newer navigation took over while this one loaded: it owns the address now.
  if (finishPending !== finish) {
    finish();
    return;
  }
  go(to);
}
