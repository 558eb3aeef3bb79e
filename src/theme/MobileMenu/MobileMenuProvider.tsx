import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "../../client/router";
import { DESKTOP_BREAKPOINT_PX } from "../../core/constants";
import { MobileMenuContext } from "../../client/contexts/MobileMenuContext";
import { useSite } from "../../client/contexts/SiteContext";

export default function MobileMenuProvider({ children }: { children: ReactNode }) {
  const { config } = useSite();
  const enabled = config.navbar.items.length > 0;
  const [shown, setShown] = useState(false);
  const [panel, setPanel] = useState<"primary" | "secondary">("secondary");
  const { pathname } = useLocation();

  useEffect(() => setShown(false), [pathname]);

  // Growing the window to desktop width closes the menu: its toggle is gone there.
  useEffect(() => {
    const desktop = window.matchMedia(`(min-width: ${DESKTOP_BREAKPOINT_PX + 1}px)`);
    const onChange = () => {
      if (desktop.matches) setShown(false);
    };
    desktop.addEventListener("change", onChange);
    return () => desktop.removeEventListener("change", onChange);
  }, []);

  // The page behind an open menu must not scroll.
  useEffect(() => {
    if (!shown) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [shown]);

  const value = useMemo(() => ({ enabled, shown: enabled && shown, setShown, panel, setPanel }), [enabled, shown, panel]);
  return <MobileMenuContext.Provider value={value}>{children}</MobileMenuContext.Provider>;
}
