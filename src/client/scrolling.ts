import { SMOOTH_SCROLL_EASING_FACTOR } from "../core/constants";
import { safeDecodeURIComponent } from "../core/paths";

/** After a client-side navigation: to the element the hash names, or to the top. */
export function scrollToHashOrTop(hash: string): void {
  if (hash && hash.length > 1) {
    // A hash set by hand may hold a malformed escape ("#%E0%A4%A"): look for it as written, never throw.
    const target = document.getElementById(safeDecodeURIComponent(hash.slice(1)));
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, 0);
}

/** Where the reader was scrolled on each history entry (by React Router's location key), for back and forward. */
const scrollPositions = new Map<string, number>();
let trackedKey: string | null = null;
let listening = false;

/**
 * Records scrolling against the history entry on screen (null while a page
 * is still loading, whose spinner would record a meaningless position).
 * Pages load asynchronously, so the browser's own restoration would act too
 * early: the route content restores from these positions instead.
 */
export function trackScrollFor(key: string | null): void {
  trackedKey = key;
  if (listening) return;
  listening = true;
  window.history.scrollRestoration = "manual";
  window.addEventListener(
    "scroll",
    () => {
      if (trackedKey !== null) scrollPositions.set(trackedKey, window.scrollY);
    },
    { passive: true },
  );
}

export function savedScrollPosition(key: string): number | undefined {
  return scrollPositions.get(key);
}

/**
 * Scrolls smoothly to a vertical position: each frame leaves the easing
 * factor's share of the distance still to go (so it slows as it arrives),
 * rounding towards the target so it always gets there.
 * Returns a function that stops it (a reader's own scroll wins).
 */
export function smoothScrollTo(top: number): () => void {
  let frame = 0;
  const step = () => {
    const current = window.scrollY;
    const remaining = top - current;
    const next = top - remaining * SMOOTH_SCROLL_EASING_FACTOR;
    window.scrollTo(0, remaining > 0 ? Math.ceil(next) : Math.floor(next));
    if (Math.abs(remaining) > 1 && window.scrollY !== current) frame = requestAnimationFrame(step);
    else window.scrollTo(0, top);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
