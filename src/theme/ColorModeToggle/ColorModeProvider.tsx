import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { nextColorModeChoice, parseColorModeChoice, resolveColorMode } from "../../core/colorMode";
import { COLOR_MODE_STORAGE_KEY } from "../../core/constants";
import type { ColorModeChoice } from "../../core/types";
import { ColorModeContext } from "../../client/contexts/ColorModeContext";
import { useSite } from "../../client/contexts/SiteContext";

function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;
}

/**
 * Holds the colour mode. The inline script in the page head already applied
 * the stored choice before first paint; this reads the same storage, keeps
 * `data-theme` on <html> up to date and follows changes made in other tabs.
 */
export default function ColorModeProvider({ children }: { children: ReactNode }) {
  const { config, storage } = useSite();
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  const [choice, setChoice] = useState<ColorModeChoice>(() => {
    if (typeof document !== "undefined") {
      const applied = document.documentElement.dataset.themeChoice;
      const parsed = parseColorModeChoice(applied ?? null, respectPrefersColorScheme);
      if (parsed) return parsed;
    }
    return defaultMode;
  });
  const [prefersDark, setPrefersDark] = useState(false);

  useEffect(() => {
    setPrefersDark(systemPrefersDark());
    const query = window.matchMedia?.("(prefers-color-scheme: dark)");
    const onChange = () => setPrefersDark(query.matches);
    query?.addEventListener?.("change", onChange);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== COLOR_MODE_STORAGE_KEY) return;
      setChoice(parseColorModeChoice(event.newValue, respectPrefersColorScheme) ?? defaultMode);
    };
    window.addEventListener("storage", onStorage);
    return () => {
      query?.removeEventListener?.("change", onChange);
      window.removeEventListener("storage", onStorage);
    };
  }, [defaultMode, respectPrefersColorScheme]);

  const mode = resolveColorMode(choice, prefersDark);
  useEffect(() => {
    const rootData = document.documentElement.dataset;
    // Read the system's preference here too: on the first pass it is not in state yet, and writing
    // the mode without it turned a dark page light for a moment while it hydrated.
    const applied = resolveColorMode(choice, systemPrefersDark());
    // Only changes are written: the head's script already applied the same values.
    if (rootData.theme !== applied) rootData.theme = applied;
    if (rootData.themeChoice !== choice) rootData.themeChoice = choice;
  }, [mode, choice]);

  const toggle = useCallback(() => {
    const next = nextColorModeChoice(choice, respectPrefersColorScheme);
    setChoice(next);
    storage.set(COLOR_MODE_STORAGE_KEY, next);
  }, [choice, respectPrefersColorScheme, storage]);

  const value = useMemo(() => ({ choice, mode, toggle }), [choice, mode, toggle]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
