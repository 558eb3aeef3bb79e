/**
 * What the build and the browser playground agree on: which examples can run
 * in the page, and how their imports are found. Pure: no Node, no DOM.
 */

/** The component a runnable example's code block is wrapped in (src/theme/mdx/TryIt.tsx). */
export const TRY_IT_COMPONENT = "TryIt";

/** What the playground needs to run one example. */
export interface RunnableExample {
  /** The example's code exactly as the doc tests ran it. */
  code: string;
  /** The fence's `query` word: run the compiled queries in PGlite. */
  query: boolean;
  /** The fence's env=NAME=value words. */
  env: Record<string, string>;
}

/** User code running longer than this is stopped (the worker is terminated). */
export const PLAYGROUND_TIME_LIMIT_MS = 5_000;

/** Fence languages the playground runs as they are (TypeScript would need a compiler in the page). */
const PLAYGROUND_LANGUAGES = new Set(["js", "mjs", "javascript"]);

export interface ModuleSpecifier {
  specifier: string;
  /** Offsets of the specifier text, quotes excluded. */
  start: number;
  end: number;
}

/**
 * `import … from "x"`, `import "x"`, `export … from "x"` and `import("x")`.
 * Deliberately a scan, not a parser: the examples are short modules, and a
 * match inside a comment only makes an example look less runnable than it is.
 */
const SPECIFIER = /(\bimport\s*(?:[\w$*\s{},]+?\s*from\s*)?|\bexport\s*[\w$*\s{},]*?\s*from\s*|\bimport\s*\(\s*)(["'])([^"'\n]+)\2/g;

export function moduleSpecifiers(code: string): ModuleSpecifier[] {
  const found: ModuleSpecifier[] = [];
  for (const match of code.matchAll(SPECIFIER)) {
    const start = (match.index ?? 0) + match[1].length + 1;
    found.push({ specifier: match[3], start, end: start + match[3].length });
  }
  return found;
}

/** True when the example can run in the playground: a JavaScript doc test importing only these packages. */
export function isPlaygroundRunnable(language: string, code: string, packages: readonly string[]): boolean {
  if (!PLAYGROUND_LANGUAGES.has(language)) return false;
  return moduleSpecifiers(code).every((found) => packages.includes(found.specifier));
}

/** The code with each import specifier replaced by `replace(specifier)` (left alone when it returns undefined). */
export function rewriteSpecifiers(code: string, replace: (specifier: string) => string | undefined): string {
  let result = "";
  let last = 0;
  for (const found of moduleSpecifiers(code)) {
    const replacement = replace(found.specifier);
    if (replacement === undefined) continue;
    result += code.slice(last, found.start) + replacement;
    last = found.end;
  }
  return result + code.slice(last);
}

/**
 * A built page's examples that Try it can run. Plain data, so a page's JavaScript is the same
 * with and without the playground: its code blocks learn here which of them get the button, and
 * the first press loads the playground module and the examples' code from these URLs.
 */
export interface RunnableExamples {
  /** The deferred-HTML keys of the runnable code blocks. */
  blocks: number[];
  /** URL of a JSON object: block key → RunnableExample. */
  examples: string;
  /** URL of the module whose default export is the playground component. */
  playground: string;
}

/**
 * The playground's database file (`assets/database-….pgdata`) is a gzipped tar. A server may send
 * it with `Content-Encoding: gzip` (ours does), and the browser then hands over the tar itself.
 */
export const PLAYGROUND_DATABASE_EXTENSION = ".pgdata";

/** Whether bytes start as gzip does (RFC 1952: 1f 8b), as the database file arrives unless a server's encoding already undid it. */
export const isGzipped = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
