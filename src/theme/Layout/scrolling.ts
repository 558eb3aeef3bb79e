import { SMOOTH_SCROLL_EASING_FACTOR } from "../../core/constants";

/** After a client-side navigation: to the element the hash names, or to the top. */
export function scrollToHashOrTop(hash: string): void {
  if (hash && hash.length > 1) {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, 0);
}

/**
 * Scrolls smoothly to a vertical position: each frame covers a fixed share
 * (1 - the easing factor) of what is left, so it slows as it arrives.
 * Returns a function that stops it (a reader's own scroll wins).
 */
export function smoothScrollTo(top: number): () => void {
  let frame = 0;
  const step = () => {
    const current = window.scrollY;
    const remaining = top - current;
    if (Math.abs(remaining) < 1) {
      window.scrollTo(0, top);
      return;
    }
    window.scrollTo(0, current + remaining * (1 - SMOOTH_SCROLL_EASING_FACTOR));
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
