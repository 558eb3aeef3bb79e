import { useColorMode as useSiteColorMode } from "../../client/contexts/ColorModeContext";

/** `@docusaurus/theme-common`: the hooks site components use most (colour mode). */
export function useColorMode() {
  const { mode, toggle } = useSiteColorMode();
  return {
    colorMode: mode,
    isDarkTheme: mode === "dark",
    setColorMode: (next: string) => {
      if (next !== mode) toggle();
    },
  };
}
