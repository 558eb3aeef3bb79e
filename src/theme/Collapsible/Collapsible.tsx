import { useEffect, useRef, type ReactNode } from "react";
import { collapseDurationMs } from "../../core/collapseDuration";
import "./Collapsible.css";

/**
 * Content that opens and closes with an ease-in-out height animation whose
 * duration grows with the content's height. Closed content is `hidden`, so
 * it is out of the tab order and the accessibility tree.
 */
export default function Collapsible({ id, collapsed, children }: { id?: string; collapsed: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (first.current) {
      first.current = false;
      return;
    }
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      element.hidden = collapsed;
      return;
    }
    element.hidden = false;
    const height = element.scrollHeight;
    const duration = collapseDurationMs(height);
    const frames = collapsed ? [{ height: `${height}px` }, { height: "0px" }] : [{ height: "0px" }, { height: `${height}px` }];
    element.style.overflow = "hidden";
    const animation = element.animate(frames, { duration, easing: "ease-in-out" });
    animation.onfinish = () => {
      element.style.overflow = "";
      element.hidden = collapsed;
    };
    return () => animation.cancel();
  }, [collapsed]);
  return (
    <div id={id} ref={ref} className="collapsible" hidden={collapsed}>
      {children}
    </div>
  );
}
