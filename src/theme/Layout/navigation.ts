import { samePath, splitUrl } from "../../core/paths";
import type { RouteStore } from "../../runtime/RouteStore";
import { startProgressBar } from "./progressBar";

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
  const finish = startProgressBar();
  try {
    await store.preload(pathname);
    go(to);
  } catch (error) {
    console.warn(`Could not load ${to} before navigating (${(error as Error).message}); reloading the page instead.`);
    window.location.assign(to);
  } finally {
    finish();
  }
}
