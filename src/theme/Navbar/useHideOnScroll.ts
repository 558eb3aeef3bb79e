import { useEffect, useState, type RefObject } from "react";
import { afterAnchorJump, afterScroll, initialHideOnScroll } from "../../core/hideOnScroll";

/**
 * With hideOnScroll on, the navbar slides away while the reader scrolls down
 * and returns when they scroll up. A jump to an anchor also hides it, so the
 * target heading is not covered.
 */
export function useHideOnScroll(enabled: boolean, navbar: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let state = initialHideOnScroll(window.scrollY);
    const update = (next: typeof state) => {
      state = next;
      setHidden(next.hidden);
    };
    const onHashChange = () => update(afterAnchorJump(state, window.scrollY));
    const onScroll = () => update(afterScroll(state, window.scrollY, navbar.current?.offsetHeight ?? 0));
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("hashchange", onHashChange);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("hashchange", onHashChange);
      setHidden(false);
    };
  }, [enabled, navbar]);
  return hidden;
}
