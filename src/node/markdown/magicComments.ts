/**
 * Line highlighting by comments in the code itself:
 *
 *     // highlight-next-line        highlights the line after it
 *     // highlight-start … // highlight-end   highlights the lines between
 *
 * written in the comment syntax of the block's language (`#` for Python,
 * shell, YAML …; `--` for SQL; `<!-- -->` for HTML and Markdown; `//` and
 * `/* *\/` for the C family). The comment lines themselves are removed.
 */

type CommentStyle = "slash" | "block" | "hash" | "dash" | "html" | "jsx" | "semicolon";

const STYLES_BY_LANGUAGE: Record<string, CommentStyle[]> = {
  javascript: ["slash", "block"],
  typescript: ["slash", "block"],
  jsx: ["slash", "block", "jsx"],
  tsx: ["slash", "block", "jsx"],
  clike: ["slash", "block"],
  c: ["slash", "block"],
  cpp: ["slash", "block"],
  go: ["slash", "block"],
  rust: ["slash", "block"],
  swift: ["slash", "block"],
  kotlin: ["slash", "block"],
  java: ["slash", "block"],
  csharp: ["slash", "block"],
  php: ["slash", "block", "hash"],
  scss: ["slash", "block"],
  less: ["slash", "block"],
  css: ["block"],
  json: ["slash", "block"],
  python: ["hash"],
  bash: ["hash"],
  "shell-session": ["hash"],
  yaml: ["hash"],
  toml: ["hash"],
  ini: ["hash", "semicolon"],
  docker: ["hash"],
  graphql: ["hash"],
  ruby: ["hash"],
  perl: ["hash"],
  r: ["hash"],
  makefile: ["hash"],
  sql: ["dash", "block"],
  plsql: ["dash", "block"],
  lua: ["dash"],
  haskell: ["dash"],
  markup: ["html"],
  markdown: ["html"],
};

/** Plain text and languages not listed accept the two most common forms. */
const DEFAULT_STYLES: CommentStyle[] = ["slash", "hash"];

const DIRECTIVE = "(highlight-next-line|highlight-start|highlight-end)";
const PATTERNS: Record<CommentStyle, RegExp> = {
  slash: new RegExp(`^\\s*//\\s*${DIRECTIVE}\\s*$`),
  block: new RegExp(`^\\s*/\\*\\s*${DIRECTIVE}\\s*\\*/\\s*$`),
  hash: new RegExp(`^\\s*#\\s*${DIRECTIVE}\\s*$`),
  dash: new RegExp(`^\\s*--\\s*${DIRECTIVE}\\s*$`),
  html: new RegExp(`^\\s*<!--\\s*${DIRECTIVE}\\s*-->\\s*$`),
  jsx: new RegExp(`^\\s*\\{\\s*/\\*\\s*${DIRECTIVE}\\s*\\*/\\s*\\}\\s*$`),
  semicolon: new RegExp(`^\\s*;\\s*${DIRECTIVE}\\s*$`),
};

export interface MagicCommentResult {
  /** The code without the magic comment lines. */
  code: string;
  /** 1-based numbers of highlighted lines in the returned code. */
  highlightLines: number[];
  /** Problems, with the 1-based line in the original code. */
  problems: { line: number; message: string }[];
}

export function applyMagicComments(code: string, language: string | undefined): MagicCommentResult {
  const patterns = (STYLES_BY_LANGUAGE[language ?? ""] ?? DEFAULT_STYLES).map((style) => PATTERNS[style]);
  const kept: string[] = [];
  const highlighted = new Set<number>();
  const problems: MagicCommentResult["problems"] = [];
  let nextLine: number | undefined;
  let rangeStart: number | undefined;
  const lines = code.split("\n");
  lines.forEach((text, index) => {
    const directive = patterns.map((pattern) => pattern.exec(text)?.[1]).find(Boolean);
    if (directive === "highlight-next-line") {
      nextLine = index + 1;
      return;
    }
    if (directive === "highlight-start") {
      if (rangeStart !== undefined) problems.push({ line: index + 1, message: "highlight-start inside another highlight-start" });
      rangeStart = index + 1;
      return;
    }
    if (directive === "highlight-end") {
      if (rangeStart === undefined) problems.push({ line: index + 1, message: "highlight-end without a highlight-start before it" });
      rangeStart = undefined;
      return;
    }
    kept.push(text);
    if (nextLine !== undefined || rangeStart !== undefined) highlighted.add(kept.length);
    nextLine = undefined;
  });
  if (nextLine !== undefined) problems.push({ line: nextLine, message: "highlight-next-line on the last line highlights nothing" });
  if (rangeStart !== undefined) problems.push({ line: rangeStart, message: "highlight-start without a highlight-end; highlighted to the end of the block" });
  return { code: kept.join("\n"), highlightLines: [...highlighted].sort((a, b) => a - b), problems };
}
