import { useEffect, useState } from "react";
import type { TocItem } from "../../core/types";

/** The last heading that has scrolled past the top of the reading area. */
export function useActiveHeading(toc: TocItem[]): string | undefined {
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  useEffect(() => {
    const update = () => {
      const offset = (parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--navbar-height")) || 60) * 1.0 + 24;
      let current: string | undefined = toc[0]?.id;
      for (const item of toc) {
        const element = document.getElementById(item.id);
        if (!element) continue;
        if (element.getBoundingClientRect().top - offset <= 1) current = item.id;
        else break;
      }
      setActiveId(current);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [toc]);
  return activeId;
}
