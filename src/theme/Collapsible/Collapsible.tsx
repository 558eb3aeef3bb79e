import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { collapseDurationMs } from "../../core/collapseDuration";
import "./Collapsible.css";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Content that opens and closes with an ease-in-out height animation whose
 * duration grows with the content's height. Closed content is `hidden`, so
 * it is out of the tab order and the accessibility tree.
 */
export default function Collapsible({ id, collapsed, lazy = false, children }: { id?: string; collapsed: boolean; lazy?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Lazy content is rendered only once first opened: a sidebar of thousands of
  // links would otherwise be in every page's HTML, hidden.
  const [everOpened, setEverOpened] = useState(!collapsed);
  if (!collapsed && !everOpened) setEverOpened(true);
  const first = useRef(true);
  // Before paint, so neither the open nor the closed end state flashes first.
  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (first.current) {
      first.current = false;
      return;
    }
    if (typeof element.animate !== "function" || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      element.hidden = collapsed;
      return;
    }
    element.hidden = false;
    const height = element.scrollHeight;
    const duration = collapseDurationMs(height);
    const frames = collapsed ? [{ height: `${height}px` }, { height: "0px" }] : [{ height: "0px" }, { height: `${height}px` }];
    element.style.overflow = "hidden";
    element.dataset.animating = collapsed ? "closing" : "opening";
    const animation = element.animate(frames, { duration, easing: "ease-in-out" });
    const settle = () => {
      element.style.overflow = "";
      delete element.dataset.animating;
      element.hidden = collapsed;
    };
    animation.onfinish = settle;
    return () => {
      animation.onfinish = null;
      animation.cancel();
      settle();
    };
  }, [collapsed]);
  return (
    <div id={id} ref={ref} className="collapsible" hidden={collapsed}>
      {lazy && !everOpened ? null : children}
    </div>
  );
}
