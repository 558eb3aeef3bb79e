import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_PRISM_THEME, prismThemes, type PrismTheme, type PrismTokenStyle } from "./prismThemes";
import { SiteError } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";

export interface SelectedPrismThemes {
  light: string;
  dark: string;
}

const themeNames = Object.keys(prismThemes);

function checkName(key: string, name: string): string {
  if (!Object.hasOwn(prismThemes, name)) {
    throw new SiteError(`site.config.ts: "${key}" names code theme "${name}", which does not exist. Available themes: ${themeNames.join(", ")}`);
  }
  return name;
}

/**
 * The themes the site uses: `prism.theme` in light mode, `prism.darkTheme` in
 * dark mode. With neither, the default dark editor style is used in both; with
 * only `prism.theme`, it is used in both.
 */
export function resolvePrismThemes(config: { theme?: string; darkTheme?: string }): SelectedPrismThemes {
  const light = config.theme !== undefined ? checkName("prism.theme", config.theme) : DEFAULT_PRISM_THEME;
  const dark = config.darkTheme !== undefined ? checkName("prism.darkTheme", config.darkTheme) : light;
  return { light, dark };
}

const CSS_PROPERTY: Record<keyof PrismTokenStyle, string> = {
  color: "color",
  fontStyle: "font-style",
  fontWeight: "font-weight",
  textDecorationLine: "text-decoration-line",
};

function declarations(style: PrismTokenStyle): string {
  return (Object.keys(style) as (keyof PrismTokenStyle)[]).map((key) => `${CSS_PROPERTY[key]}:${style[key]}`).join(";");
}

function themeRules(theme: PrismTheme, scope: string): string {
  const block = `${scope}.code-block`;
  const rules = [
    `${block}{--code-block-color:${theme.plain.color};--code-block-bg:${theme.plain.backgroundColor};--code-block-line-highlight:${theme.lineHighlight};--code-block-scheme:${theme.dark ? "dark" : "light"}}`,
  ];
  for (const { types, style } of theme.styles) {
    const classes = types.map((type) => `.${type}`).join(",");
    rules.push(`${block} .token:is(${classes}){${declarations(style)}}`);
  }
  return rules.join("\n");
}

/**
 * The selected themes as CSS: token colours scoped to the colour mode
 * (`html[data-theme="dark"]`, and everything else is light), or unscoped
 * when both modes use the same theme.
 */
export function prismThemeCss(selected: SelectedPrismThemes): string {
  const header = `/* Code themes: ${selected.light} (light), ${selected.dark} (dark). Generated from src/theme/prism/themes.ts. */`;
  if (selected.light === selected.dark) return `${header}\n${themeRules(prismThemes[selected.light as keyof typeof prismThemes], "")}\n`;
  return [
    header,
    themeRules(prismThemes[selected.light as keyof typeof prismThemes], `html:not([data-theme="dark"]) `),
    themeRules(prismThemes[selected.dark as keyof typeof prismThemes], `html[data-theme="dark"] `),
    "",
  ].join("\n");
}

/** Where the generated theme stylesheets are written (gitignored). */
export const PRISM_THEME_CACHE_DIR = path.join(GENERATOR_DIR, ".cache", "prism-themes");

/**
 * Stylesheets this process wrote or found as they should be. Every page compile asks again; from
 * then on only the file's presence is checked, not its text (a read and the theme rules made
 * again were about 1 % of a corpus page's compile). A name pair's text follows from the names.
 */
const confirmed = new Set<string>();

/**
 * Writes the stylesheet for the selected themes (once per name pair, atomically
 * so parallel builds never see half a file) and returns its absolute path.
 * Pages with code import it, so Vite bundles it like any other CSS.
 */
export function prismThemeStylesheet(selected: SelectedPrismThemes): string {
  const file = path.join(PRISM_THEME_CACHE_DIR, `${selected.light}--${selected.dark}.css`);
  if (confirmed.has(file) && existsSync(file)) return file;
  const css = prismThemeCss(selected);
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current !== css) {
    mkdirSync(PRISM_THEME_CACHE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, css);
    renameSync(temporary, file);
  }
  confirmed.add(file);
  return file;
}
