import { useEffect, useState } from "react";
import { useColorMode } from "../../runtime/ColorModeContext";
import "./ColorModeToggle.css";

const LABELS = { light: "light mode", dark: "dark mode", system: "system mode" } as const;

export default function ColorModeToggle() {
  const { choice, toggle } = useColorMode();
  // The server cannot know the stored choice; render the toggle's state only once hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = hydrated ? choice : "light";
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={toggle}
      disabled={!hydrated}
      title={`Switch between dark and light mode (currently ${LABELS[shown]})`}
      aria-label={`Switch between dark and light mode (currently ${LABELS[shown]})`}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="color-mode-toggle__icon color-mode-toggle__icon--light">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="color-mode-toggle__icon color-mode-toggle__icon--dark">
        <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
      </svg>
    </button>
  );
}
