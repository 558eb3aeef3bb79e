import { useEffect, useState } from "react";
import { activeHeadingId } from "../../core/activeHeading";
import type { TocItem } from "../../core/types";

/** Just below the navbar, and below where a jump to a heading leaves it: a heading above this line is being read. */
function readingLine(): number {
  const navbar = document.querySelector(".navbar");
  const navbarBottom = navbar ? navbar.getBoundingClientRect().bottom : 0;
  const scrollPadding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return Math.max(navbarBottom, scrollPadding) + 16;
}

/** The heading being read, updated (at most once a frame) as the reader scrolls. */
export function useActiveHeading(toc: TocItem[]): string | undefined {
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const headings = [];
      for (const item of toc) {
        const element = document.getElementById(item.id);
        if (element) headings.push({ id: item.id, top: element.getBoundingClientRect().top });
      }
      const root = document.documentElement;
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
      setActiveId(activeHeadingId(headings, readingLine(), window.innerHeight, atBottom));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [toc]);
  return activeId;
}
