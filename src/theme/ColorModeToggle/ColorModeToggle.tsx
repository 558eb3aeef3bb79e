import { useColorMode } from "../../client/contexts/ColorModeContext";
import useIsBrowser from "../docusaurus/useIsBrowser";
import "./ColorModeToggle.css";

const LABELS = { light: "light mode", dark: "dark mode", system: "system mode" } as const;

/**
 * Flips between light and dark (or, when the site respects the system
 * preference, cycles light, dark, system). The icon follows the mode the
 * inline head script applied, so it is right before hydration too.
 */
export default function ColorModeToggle() {
  const { choice, toggle } = useColorMode();
  // The server cannot know the stored choice; name the toggle's state only once hydrated.
  const hydrated = useIsBrowser();
  const shown = hydrated ? choice : "light";
  const label = `Switch between dark and light mode (currently ${LABELS[shown]})`;
  return (
    <button type="button" className="color-mode-toggle" onClick={toggle} disabled={!hydrated} title={label} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="color-mode-toggle__icon color-mode-toggle__icon--light">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="color-mode-toggle__icon color-mode-toggle__icon--dark">
        <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
      </svg>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="color-mode-toggle__icon color-mode-toggle__icon--system">
        <rect x="3" y="4" width="18" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M8 20h8M12 16v4" />
      </svg>
    </button>
  );
}
