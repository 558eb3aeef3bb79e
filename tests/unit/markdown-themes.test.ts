import { describe, expect, it } from "vitest";
import { prismThemeCss, resolvePrismThemes } from "../../src/node/markdown/prismTheme";
import { DEFAULT_PRISM_THEME, prismThemes } from "../../src/node/markdown/prismThemes";

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe("prism themes", () => {
  it("has 19 themes and a dark default", () => {
    expect(Object.keys(prismThemes)).toHaveLength(19);
    expect(prismThemes[DEFAULT_PRISM_THEME].dark).toBe(true);
    expect(prismThemes.github.dark).toBe(false);
    expect(prismThemes.dracula.dark).toBe(true);
  });

  for (const [name, theme] of Object.entries(prismThemes)) {
    it(`${name}: every colour meets WCAG AA (4.5:1) on the background and on highlighted lines`, () => {
      const failures: string[] = [];
      const colours = [theme.plain.color, ...theme.styles.flatMap((s) => (s.style.color ? [s.style.color] : []))];
      for (const colour of colours) {
        for (const background of [theme.plain.backgroundColor, theme.lineHighlight]) {
          const ratio = contrast(colour, background);
          if (ratio < 4.5) failures.push(`${colour} on ${background}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("prismThemeCss", () => {
  it("scopes the light theme and the dark theme under data-theme", () => {
    const css = prismThemeCss(resolvePrismThemes({ theme: "github", darkTheme: "dracula" }));
    expect(css).toContain(`html:not([data-theme="dark"]) .code-block`);
    expect(css).toContain(`html[data-theme="dark"] .code-block`);
    expect(css).toContain(prismThemes.github.plain.backgroundColor);
    expect(css).toContain(prismThemes.dracula.plain.backgroundColor);
    expect(css).toMatch(/\.token:is\(\.comment,/);
    expect(css.length).toBeLessThan(8000);
  });

  it("uses the dark default in both modes when nothing is configured, unscoped", () => {
    const themes = resolvePrismThemes({});
    expect(themes).toEqual({ light: DEFAULT_PRISM_THEME, dark: DEFAULT_PRISM_THEME });
    const css = prismThemeCss(themes);
    expect(css).not.toContain("data-theme");
    expect(css).toContain(prismThemes[DEFAULT_PRISM_THEME].plain.backgroundColor);
  });

  it("uses the light theme in dark mode too when only prism.theme is set", () => {
    expect(resolvePrismThemes({ theme: "oneLight" })).toEqual({ light: "oneLight", dark: "oneLight" });
  });

  it("names the config key and the available themes for an unknown name", () => {
    expect(() => resolvePrismThemes({ theme: "nope" })).toThrow(/prism\.theme.*"nope".*github/);
    expect(() => resolvePrismThemes({ darkTheme: "Dracula" })).toThrow(/prism\.darkTheme/);
  });
});
