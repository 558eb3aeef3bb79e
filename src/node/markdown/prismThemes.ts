/**
 * Code colour themes, as data. Each theme names a colour for every kind of
 * token Prism produces; `plain` is the block's own text and background, and
 * `lineHighlight` the background of highlighted lines. Every colour here was
 * picked for this project and checked for WCAG AA contrast (4.5:1) against
 * both backgrounds by tests/unit/markdown-themes.test.ts.
 */

export interface PrismTokenStyle {
  color?: string;
  fontStyle?: "italic" | "normal";
  fontWeight?: "bold" | "normal";
  textDecorationLine?: "underline" | "line-through";
}

export interface PrismTheme {
  /** Whether the theme is meant for a dark page (sets color-scheme for scrollbars). */
  dark: boolean;
  plain: { color: string; backgroundColor: string };
  lineHighlight: string;
  styles: { types: string[]; style: PrismTokenStyle }[];
}

/** The roles a palette fills; each maps to a fixed list of Prism token types. */
interface Palette {
  dark: boolean;
  text: string;
  background: string;
  lineHighlight: string;
  comment: string;
  punctuation: string;
  keyword: string;
  string: string;
  number: string;
  func: string;
  className: string;
  tag: string;
  attrName: string;
  property: string;
  variable: string;
  operator: string;
  regex: string;
  selector: string;
  inserted: string;
  deleted: string;
  /** Comments are italic unless a theme says otherwise. */
  italicComments?: boolean;
}

const ROLE_TYPES: [keyof Palette, string[]][] = [
  ["comment", ["comment", "prolog", "doctype", "cdata"]],
  ["punctuation", ["punctuation"]],
  ["keyword", ["keyword", "atrule", "rule", "important", "directive"]],
  ["string", ["string", "char", "attr-value", "template-string", "url"]],
  ["number", ["number", "boolean", "constant", "symbol", "unit", "hexcode"]],
  ["func", ["function", "function-variable", "method"]],
  ["className", ["class-name", "builtin", "namespace", "maybe-class-name"]],
  ["tag", ["tag"]],
  ["attrName", ["attr-name"]],
  ["property", ["property", "key", "property-access", "parameter"]],
  ["variable", ["variable", "interpolation", "entity"]],
  ["operator", ["operator", "arrow"]],
  ["regex", ["regex"]],
  ["selector", ["selector"]],
  ["inserted", ["inserted"]],
  ["deleted", ["deleted"]],
];

function fromPalette(palette: Palette): PrismTheme {
  const styles: PrismTheme["styles"] = ROLE_TYPES.map(([role, types]) => ({ types, style: { color: palette[role] as string } }));
  if (palette.italicComments !== false) styles[0].style.fontStyle = "italic";
  styles.push({ types: ["bold", "important"], style: { fontWeight: "bold" } });
  styles.push({ types: ["italic"], style: { fontStyle: "italic" } });
  styles.push({ types: ["namespace"], style: { fontStyle: "normal" } });
  return { dark: palette.dark, plain: { color: palette.text, backgroundColor: palette.background }, lineHighlight: palette.lineHighlight, styles };
}

const palettes = {
  /** The default: a neutral dark editor look. */
  vsDark: {
    dark: true, text: "#d8d8d8", background: "#1f1f1f", lineHighlight: "#363b45",
    comment: "#85b277", punctuation: "#cfcfcf", keyword: "#70abe1", string: "#d8a184", number: "#bcd6a9",
    func: "#e4e3b1", className: "#57cdb4", tag: "#70abe1", attrName: "#a6d8fb", property: "#a6d8fb",
    variable: "#a6d8fb", operator: "#d8d8d8", regex: "#e2918b", selector: "#dcc18e", inserted: "#a9d98f", deleted: "#f0958e",
  },
  vsLight: {
    dark: false, text: "#1e1e1e", background: "#ffffff", lineHighlight: "#e6eefb",
    comment: "#2f7420", punctuation: "#3b3b3b", keyword: "#0c2fd8", string: "#a1260f", number: "#0e7453",
    func: "#6f5a0a", className: "#1c6f84", tag: "#7d1a1a", attrName: "#d0200a", property: "#0a4f9b",
    variable: "#0a4f9b", operator: "#2b2b2b", regex: "#8f3434", selector: "#7d1a1a", inserted: "#1f6d22", deleted: "#b0201c",
  },
  github: {
    dark: false, text: "#1f2328", background: "#f6f8fa", lineHighlight: "#fdf1c4",
    comment: "#5c656f", punctuation: "#1f2328", keyword: "#c22a37", string: "#0b3f7f", number: "#0b55b5",
    func: "#6a3ac0", className: "#8a4000", tag: "#0f6b2c", attrName: "#0b55b5", property: "#0b55b5",
    variable: "#8a4000", operator: "#c22a37", regex: "#0b3f7f", selector: "#6a3ac0", inserted: "#156d2e", deleted: "#a31b25",
    italicComments: false,
  },
  dracula: {
    dark: true, text: "#f5f5ef", background: "#2a2b37", lineHighlight: "#42455a",
    comment: "#acb5d7", punctuation: "#f5f5ef", keyword: "#ff92d1", string: "#eef39a", number: "#c8a7f7",
    func: "#5ff78a", className: "#93e8f9", tag: "#ff92d1", attrName: "#5ff78a", property: "#93e8f9",
    variable: "#f5f5ef", operator: "#ff92d1", regex: "#ffbf7d", selector: "#5ff78a", inserted: "#5ff78a", deleted: "#ff9999",
  },
  duotoneDark: {
    dark: true, text: "#a9a5c2", background: "#2b2933", lineHighlight: "#3d3a4a",
    comment: "#aaa6b4", punctuation: "#aaa6b4", keyword: "#ffd08e", string: "#ffc474", number: "#ffc474",
    func: "#d7cffa", className: "#ffd08e", tag: "#e5dfff", attrName: "#c8b6ff", property: "#ddd5ff",
    variable: "#ffc474", operator: "#ffc474", regex: "#ffc474", selector: "#ddd5ff", inserted: "#c8b6ff", deleted: "#f3a79a",
  },
  duotoneLight: {
    dark: false, text: "#5e5841", background: "#faf8f5", lineHighlight: "#ece6d8",
    comment: "#6b6658", punctuation: "#5e5841", keyword: "#6c5413", string: "#1b5e91", number: "#1b5e91",
    func: "#4c4434", className: "#6c5413", tag: "#245c82", attrName: "#4d6b5e", property: "#245c82",
    variable: "#1b5e91", operator: "#1b5e91", regex: "#1b5e91", selector: "#245c82", inserted: "#3e6a23", deleted: "#9a3324",
  },
  gruvboxMaterialDark: {
    dark: true, text: "#dccdab", background: "#292828", lineHighlight: "#3b3937",
    comment: "#ada397", punctuation: "#c8bba0", keyword: "#ee8987", string: "#b2bd74", number: "#d8a1bb",
    func: "#acc681", className: "#e5b45a", tag: "#ee8987", attrName: "#90bfa9", property: "#8abcc4",
    variable: "#dccdab", operator: "#e99058", regex: "#e99058", selector: "#e5b45a", inserted: "#acc681", deleted: "#f08a86",
  },
  gruvboxMaterialLight: {
    dark: false, text: "#54443a", background: "#fbf1c9", lineHighlight: "#eee1b3",
    comment: "#6b6054", punctuation: "#54443a", keyword: "#a8321d", string: "#56650c", number: "#8a4670",
    func: "#4e650c", className: "#865806", tag: "#a8321d", attrName: "#336b4c", property: "#2d5f73",
    variable: "#54443a", operator: "#a3470e", regex: "#a3470e", selector: "#865806", inserted: "#4e650c", deleted: "#a8321d",
  },
  jettwaveDark: {
    dark: true, text: "#cfd8e0", background: "#202123", lineHighlight: "#33363c",
    comment: "#97a2ad", punctuation: "#bdc6cf", keyword: "#5db0ff", string: "#e7a578", number: "#9ed1ae",
    func: "#6bc3f0", className: "#4dd0c2", tag: "#5db0ff", attrName: "#9bd0ff", property: "#9bd0ff",
    variable: "#cfd8e0", operator: "#bdc6cf", regex: "#ee8f8f", selector: "#e7c57c", inserted: "#9ed1ae", deleted: "#f39b93",
  },
  jettwaveLight: {
    dark: false, text: "#22272e", background: "#f6f7fb", lineHighlight: "#e3e8f4",
    comment: "#5f6772", punctuation: "#3a414b", keyword: "#0a5fc2", string: "#a2441d", number: "#1c6f45",
    func: "#0b609e", className: "#0d6f6b", tag: "#0a5fc2", attrName: "#0b609e", property: "#3a4fa0",
    variable: "#22272e", operator: "#3a414b", regex: "#a32f2f", selector: "#7a5a0d", inserted: "#1c6f45", deleted: "#a32f2f",
  },
  nightOwl: {
    dark: true, text: "#d8e0ea", background: "#021628", lineHighlight: "#13304b",
    comment: "#899aab", punctuation: "#c8a3ee", keyword: "#c99ef0", string: "#eccf98", number: "#f9907a",
    func: "#8fb2ff", className: "#ffd195", tag: "#80d2ff", attrName: "#aedb7f", property: "#83e0d6",
    variable: "#d8e0ea", operator: "#8ae7ff", regex: "#64d9c4", selector: "#c99ef0", inserted: "#aedb7f", deleted: "#f9907a",
  },
  nightOwlLight: {
    dark: false, text: "#3b3b3b", background: "#fbfbfb", lineHighlight: "#e9eef4",
    comment: "#626b75", punctuation: "#7a2f9e", keyword: "#8a2996", string: "#a12a32", number: "#8b4a0b",
    func: "#3a46a8", className: "#0e5f9c", tag: "#8a2996", attrName: "#3f6a08", property: "#1e6f66",
    variable: "#3b3b3b", operator: "#0b6b88", regex: "#1e6f66", selector: "#8a2996", inserted: "#3f6a08", deleted: "#a12a32",
  },
  oceanicNext: {
    dark: true, text: "#d9e0e8", background: "#1c2b33", lineHighlight: "#2f434e",
    comment: "#a6b0b9", punctuation: "#b9c4cc", keyword: "#ce9ece", string: "#a3cd96", number: "#f9b46a",
    func: "#7ab5db", className: "#fbd27a", tag: "#f39498", attrName: "#f9b46a", property: "#74c8c8",
    variable: "#d9e0e8", operator: "#74c8c8", regex: "#74c8c8", selector: "#ce9ece", inserted: "#a3cd96", deleted: "#f39498",
  },
  okaidia: {
    dark: true, text: "#f7f7f1", background: "#272923", lineHighlight: "#3d3f36",
    comment: "#aeab98", punctuation: "#f7f7f1", keyword: "#6cd8ee", string: "#e8dc7a", number: "#b999ff",
    func: "#b2e64a", className: "#b2e64a", tag: "#ff82ad", attrName: "#b2e64a", property: "#ff82ad",
    variable: "#fda23c", operator: "#f7f7f1", regex: "#fda23c", selector: "#b2e64a", inserted: "#b2e64a", deleted: "#ff86a1",
    italicComments: false,
  },
  oneDark: {
    dark: true, text: "#adb5c2", background: "#272b33", lineHighlight: "#373d49",
    comment: "#a4a9b3", punctuation: "#adb5c2", keyword: "#cf92e4", string: "#9fc87e", number: "#d9a26a",
    func: "#67b2f0", className: "#e8c47e", tag: "#ed8e94", attrName: "#d9a26a", property: "#ed8e94",
    variable: "#ed8e94", operator: "#5dbfcc", regex: "#5dbfcc", selector: "#cf92e4", inserted: "#9fc87e", deleted: "#ed8e94",
  },
  oneLight: {
    dark: false, text: "#383a42", background: "#fafafa", lineHighlight: "#e8e9ee",
    comment: "#64666e", punctuation: "#383a42", keyword: "#8b1fa0", string: "#3c6e28", number: "#8a5a00",
    func: "#2f5bd0", className: "#845d00", tag: "#b42b22", attrName: "#8a5a00", property: "#b42b22",
    variable: "#b42b22", operator: "#0f6a78", regex: "#0f6a78", selector: "#8b1fa0", inserted: "#3c6e28", deleted: "#b42b22",
  },
  palenight: {
    dark: true, text: "#c0c6e2", background: "#282c3d", lineHighlight: "#393f58",
    comment: "#a8aec8", punctuation: "#98e0f0", keyword: "#cba2ff", string: "#c8eb92", number: "#faa880",
    func: "#87aefc", className: "#ffd36e", tag: "#ff8c99", attrName: "#ffd36e", property: "#98e0f0",
    variable: "#c0c6e2", operator: "#98e0f0", regex: "#98e0f0", selector: "#cba2ff", inserted: "#c8eb92", deleted: "#ff8a97",
  },
  shadesOfPurple: {
    dark: true, text: "#f0ebff", background: "#2c2a52", lineHighlight: "#403c74",
    comment: "#c79eff", punctuation: "#f0ebff", keyword: "#ffa23a", string: "#a6fa7d", number: "#ff8ada",
    func: "#fad000", className: "#9effff", tag: "#9effff", attrName: "#fad000", property: "#9effff",
    variable: "#f0ebff", operator: "#ffa23a", regex: "#a6fa7d", selector: "#ffa23a", inserted: "#a6fa7d", deleted: "#ff9393",
  },
  synthwave84: {
    dark: true, text: "#f3e8f7", background: "#252036", lineHighlight: "#3c3456",
    comment: "#a7a1c1", punctuation: "#f3e8f7", keyword: "#fff086", string: "#ff9a7d", number: "#f98cc6",
    func: "#3df0d3", className: "#fe75b2", tag: "#6ef5d0", attrName: "#fff086", property: "#ff9ee6",
    variable: "#ff9ee6", operator: "#fff086", regex: "#fff086", selector: "#6ef5d0", inserted: "#79f2aa", deleted: "#ff8a9a",
  },
} satisfies Record<string, Palette>;

export type PrismThemeName = keyof typeof palettes;

/** Every theme, by the name site.config.ts selects it with (prism.theme, prism.darkTheme). */
export const prismThemes: Record<PrismThemeName, PrismTheme> = Object.fromEntries(
  Object.entries(palettes).map(([name, palette]) => [name, fromPalette(palette)]),
) as Record<PrismThemeName, PrismTheme>;

/** Used in both colour modes when site.config.ts names no theme. */
export const DEFAULT_PRISM_THEME: PrismThemeName = "vsDark";
