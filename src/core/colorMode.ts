import type { ColorMode, ColorModeChoice } from "./types";

/** The choice after the toggle is pressed once. */
export function nextColorModeChoice(current: ColorModeChoice, respectPrefersColorScheme: boolean): ColorModeChoice {
  if (!respectPrefersColorScheme) return current === "dark" ? "light" : "dark";
  if (current === "light") return "dark";
  if (current === "dark") return "system";
  return "light";
}

export function parseColorModeChoice(stored: string | null, respectPrefersColorScheme: boolean): ColorModeChoice | null {
  if (stored === "light" || stored === "dark") return stored;
  if (stored === "system" && respectPrefersColorScheme) return "system";
  return null;
}

export function resolveColorMode(choice: ColorModeChoice, systemPrefersDark: boolean): ColorMode {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}
