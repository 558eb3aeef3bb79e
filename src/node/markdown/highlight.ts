import { createRequire } from "node:module";
import Prism from "prismjs";
import { escapeHtml } from "../../core/html";

const require = createRequire(import.meta.url);
const loadLanguages = require("prismjs/components/index.js") as ((languages?: string[]) => void) & { silent?: boolean };
const componentIndex = require("prismjs/components.js") as { languages: Record<string, { alias?: string | string[]; title?: string } | string> };

/** The languages every site can highlight without configuration (Prism component ids). */
export const BASE_LANGUAGES = [
  "markup", "css", "clike", "javascript", "typescript", "jsx", "tsx", "python", "go", "rust", "swift", "kotlin",
  "c", "cpp", "sql", "graphql", "json", "yaml", "markdown", "bash", "shell-session", "ini", "toml", "docker",
] as const;

/** Fence languages that mean "no highlighting", without a warning. */
const PLAIN_LANGUAGES = new Set(["", "text", "txt", "plain", "plaintext", "none", "output", "log", "raw"]);

/** Names authors use that Prism spells differently or does not define as aliases. */
const EXTRA_ALIASES: Record<string, string> = {
  mjs: "javascript",
  cjs: "javascript",
  mts: "typescript",
  cts: "typescript",
  golang: "go",
  "c++": "cpp",
  cc: "cpp",
  hpp: "cpp",
  h: "c",
  shell: "bash",
  zsh: "bash",
  console: "shell-session",
  terminal: "shell-session",
  mdx: "markdown",
  jsonc: "json",
  json5: "json",
  gql: "graphql",
  postgres: "sql",
  postgresql: "sql",
  psql: "sql",
  pgsql: "sql",
};

/** Every Prism language id and alias → its component id. */
const prismIds = new Map<string, string>();
for (const [id, entry] of Object.entries(componentIndex.languages)) {
  if (id === "meta" || typeof entry === "string") continue;
  prismIds.set(id, id);
  const aliases = entry.alias === undefined ? [] : Array.isArray(entry.alias) ? entry.alias : [entry.alias];
  for (const alias of aliases) prismIds.set(alias, id);
}

loadLanguages.silent = true;
loadLanguages([...BASE_LANGUAGES]);

export type LanguageResolution =
  | { kind: "prism"; id: string }
  | { kind: "plain" }
  | { kind: "unknown"; reason: string };

/** Loads the site's `prism.additionalLanguages`; returns the names Prism does not know. */
export function loadAdditionalLanguages(names: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const name of names) {
    const id = prismIds.get(name.toLowerCase()) ?? EXTRA_ALIASES[name.toLowerCase()];
    if (!id) {
      unknown.push(name);
      continue;
    }
    if (!Prism.languages[id]) loadLanguages([id]);
  }
  return unknown;
}

/**
 * What a fence's language means for this site: a Prism grammar, plain text, or
 * an unknown name (shown as plain text with a warning). Languages outside the
 * base set work only when listed in `additionalLanguages`.
 */
export function resolveLanguage(language: string, additionalLanguages: readonly string[]): LanguageResolution {
  const name = language.toLowerCase();
  if (PLAIN_LANGUAGES.has(name)) return { kind: "plain" };
  const id = EXTRA_ALIASES[name] ?? prismIds.get(name);
  if (!id) return { kind: "unknown", reason: "Prism has no such language" };
  const allowed = (BASE_LANGUAGES as readonly string[]).includes(id) || additionalLanguages.some((extra) => (prismIds.get(extra.toLowerCase()) ?? EXTRA_ALIASES[extra.toLowerCase()]) === id);
  if (!allowed) return { kind: "unknown", reason: `it is not loaded; add "${language}" to prism.additionalLanguages in site.config.ts` };
  if (!Prism.languages[id]) loadAdditionalLanguages([id]);
  return { kind: "prism", id };
}

function classesOf(token: Prism.Token): string {
  const aliases = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
  return ["token", token.type, ...aliases].join(" ");
}

/**
 * Highlights code into one HTML string per line. Tokens nest (a diff line
 * inside a deleted hunk, a string inside a template); spans still open at a
 * line break are closed there and reopened on the next line, so every line is
 * well-formed HTML on its own.
 */
export function highlightLines(code: string, language: LanguageResolution): string[] {
  if (language.kind !== "prism") return code.split("\n").map((line) => escapeHtml(line, "text"));
  const lines: string[] = [];
  let line = "";
  let open: Prism.Token[] = [];
  const endLine = () => {
    line += "</span>".repeat(open.length);
    lines.push(line);
    line = "";
    open = [];
  };
  const emit = (text: string, stack: Prism.Token[]) => {
    text.split("\n").forEach((part, index) => {
      if (index > 0) endLine();
      if (part === "") return;
      let common = 0;
      while (common < open.length && common < stack.length && open[common] === stack[common]) common++;
      line += "</span>".repeat(open.length - common);
      for (const token of stack.slice(common)) line += `<span class="${classesOf(token)}">`;
      open = stack.slice();
      line += escapeHtml(part, "text");
    });
  };
  const walk = (stream: Prism.TokenStream, stack: Prism.Token[]) => {
    if (typeof stream === "string") emit(stream, stack);
    else if (Array.isArray(stream)) for (const item of stream) walk(item, stack);
    else walk(stream.content, [...stack, stream]);
  };
  walk(Prism.tokenize(code, Prism.languages[language.id]), []);
  endLine();
  return lines;
}
