import { useEffect, useState } from "react";

/**
 * With hideOnScroll on, the navbar slides away while the reader scrolls down
 * and returns when they scroll up. A jump to an anchor also hides it, so the
 * target heading is not covered.
 */
export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    let jumpedToAnchor = false;
    const onHashChange = () => {
      jumpedToAnchor = true;
      setHidden(true);
    };
    const onScroll = () => {
      const current = window.scrollY;
      if (jumpedToAnchor) {
        jumpedToAnchor = false;
      } else if (current < 60) {
        setHidden(false);
      } else if (current > last) {
        setHidden(true);
      } else if (current < last) {
        setHidden(false);
      }
      last = current;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("hashchange", onHashChange);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [enabled]);
  return hidden;
}
