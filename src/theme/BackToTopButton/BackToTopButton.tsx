import { useEffect, useRef, useState } from "react";
import { smoothScrollTo } from "../../client/scrolling";
import "./BackToTopButton.css";

/** How far down the page the button appears. */
const SHOW_AFTER_PX = 400;

/**
 * Appears once the reader is well down a long page; scrolls smoothly back up
 * (each frame covering a fixed share of the distance left), and stops if the
 * reader scrolls themselves.
 */
export default function BackToTopButton() {
  const [shown, setShown] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SHOW_AFTER_PX);
    const stop = () => {
      cancel.current?.();
      cancel.current = null;
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("wheel", stop, { passive: true });
    window.addEventListener("touchstart", stop, { passive: true });
    return () => {
      stop();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("wheel", stop);
      window.removeEventListener("touchstart", stop);
    };
  }, []);
  return (
    <button
      type="button"
      className={`back-to-top${shown ? " is-shown" : ""}`}
      aria-label="Scroll back to top"
      onClick={() => {
        cancel.current?.();
        const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
        if (reduceMotion) window.scrollTo(0, 0);
        else cancel.current = smoothScrollTo(0);
        document.getElementById("main-content")?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M6 15l6-6 6 6" />
      </svg>
    </button>
  );
}
