/**
 * Extracts runnable examples ("doc tests") from a Markdown/MDX document.
 *
 * Convention:
 *
 * - A fenced code block whose info string contains the word `doctest` is a
 *   runnable example (language `js`, `mjs`, `ts`, `mts`, ...).
 * - The next fenced code block, separated from it only by blank lines, must
 *   carry the meta word `output`; its text is the expected stdout.
 *
 * This module is pure: no file-system access, no side effects.
 */

export interface DoctestExample {
  /** Path of the Markdown file, as given to `extractExamples`. */
  file: string;
  /** 1-based line of the opening fence of the example. */
  line: number;
  /** Language of the example fence (first word of the info string), e.g. `js` or `ts`. */
  lang: string;
  /** The example's source code. */
  code: string;
  /** All words of the info string after the language, e.g. `["doctest", "query"]`. */
  meta: string[];
  /** Environment variables requested with `env=NAME=value` meta words. */
  env: Record<string, string>;
  /** Per-example time limit in milliseconds, from a `timeout=<seconds>` meta word (undefined: harness default). */
  timeoutMs?: number;
  /** Expected stdout: the text of the following `output` fence. */
  output: string;
  /** 1-based line of the opening fence of the output block. */
  outputLine: number;
  /**
   * Expected stderr: the text of an optional fence with the meta word `stderr`
   * directly after the output block. Undefined when there is none, in which
   * case the example must write nothing to stderr.
   */
  stderr?: string;
  /** 1-based line of the opening fence of the stderr block, when there is one. */
  stderrLine?: number;
}

export class DoctestExtractError extends Error {
  constructor(
    public readonly file: string,
    public readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = "DoctestExtractError";
  }
}

/** A fenced code block as found in the document. */
export interface FencedBlock {
  /** 1-based line of the opening fence. */
  line: number;
  /** 1-based line just after the closing fence (or past the end of the document). */
  endLine: number;
  lang: string;
  meta: string[];
  code: string;
}

const OPEN_FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** Splits an info string into words, keeping `key="a b"` quoted values together. */
export function splitInfo(info: string): string[] {
  const words: string[] = [];
  const re = /(?:[^\s"']+|"[^"]*"|'[^']*')+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(info)) !== null) words.push(m[0]);
  return words;
}

/** Finds every top-level fenced code block (CommonMark rules for ``` and ~~~ fences). */
export function findFencedBlocks(text: string): FencedBlock[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: FencedBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const m = OPEN_FENCE.exec(lines[i]);
    if (!m) {
      i++;
      continue;
    }
    const indent = m[1].length;
    const fence = m[2];
    const info = m[3].trim();
    // A backtick fence's info string may not contain backticks (that is inline code).
    if (fence[0] === "`" && info.includes("`")) {
      i++;
      continue;
    }
    const fenceChar = fence[0];
    const closeRe = new RegExp(`^ {0,3}${fenceChar === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`);
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !closeRe.test(lines[j])) {
      // Remove up to `indent` leading spaces from content lines, as CommonMark does.
      let l = lines[j];
      let k = 0;
      while (k < indent && l[k] === " ") k++;
      body.push(l.slice(k));
      j++;
    }
    const [lang = "", ...meta] = splitInfo(info);
    blocks.push({ line: i + 1, endLine: j + 2, lang, meta, code: body.join("\n") });
    i = j + 1;
  }
  return blocks;
}

/** Parses `env=NAME=value` meta words. */
function parseEnv(file: string, line: number, meta: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of meta) {
    if (!word.startsWith("env=")) continue;
    let spec = word.slice(4);
    if ((spec.startsWith('"') && spec.endsWith('"')) || (spec.startsWith("'") && spec.endsWith("'"))) {
      spec = spec.slice(1, -1);
    }
    const eq = spec.indexOf("=");
    if (eq <= 0) {
      throw new DoctestExtractError(file, line, `invalid meta word "${word}": expected env=NAME=value`);
    }
    env[spec.slice(0, eq)] = spec.slice(eq + 1);
  }
  return env;
}

/** Parses a `timeout=<seconds>` meta word. */
function parseTimeout(file: string, line: number, meta: string[]): number | undefined {
  const word = meta.find((w) => w.startsWith("timeout="));
  if (word === undefined) return undefined;
  const seconds = Number(word.slice("timeout=".length));
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new DoctestExtractError(file, line, `invalid meta word "${word}": expected timeout=<seconds>`);
  }
  return Math.round(seconds * 1000);
}

/** True when lines `from` .. `to - 1` (1-based) are all blank. */
function onlyBlankBetween(lines: string[], from: number, to: number): boolean {
  for (let l = from; l < to; l++) {
    if ((lines[l - 1] ?? "").trim() !== "") return false;
  }
  return true;
}

const RUNNABLE_LANGS = new Set(["js", "mjs", "javascript", "ts", "mts", "typescript"]);

/**
 * Returns the runnable examples of a Markdown document.
 *
 * @throws DoctestExtractError (message `file:line: ...`) when a `doctest` block
 * has no `output` block directly after it, or uses an unsupported language.
 */
export function extractExamples(text: string, file: string): DoctestExample[] {
  const { examples, errors } = extractExamplesAndErrors(text, file);
  if (errors.length > 0) throw errors[0];
  return examples;
}

/**
 * Like `extractExamples`, but never throws: invalid examples are reported in
 * `errors` and the valid ones are still returned.
 */
export function extractExamplesAndErrors(
  text: string,
  file: string,
): { examples: DoctestExample[]; errors: DoctestExtractError[] } {
  const blocks = findFencedBlocks(text);
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const examples: DoctestExample[] = [];
  const errors: DoctestExtractError[] = [];
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b];
    if (!block.meta.includes("doctest")) continue;
    if (!RUNNABLE_LANGS.has(block.lang)) {
      errors.push(new DoctestExtractError(
        file,
        block.line,
        `doctest block has language "${block.lang}"; expected one of ${[...RUNNABLE_LANGS].join(", ")}`,
      ));
      continue;
    }
    const next = blocks[b + 1];
    // Only blank lines may separate the example from its output block.
    const adjacent = next !== undefined && onlyBlankBetween(lines, block.endLine, next.line);
    if (!next || !adjacent || !next.meta.includes("output")) {
      errors.push(
        new DoctestExtractError(
          file,
          block.line,
          "doctest block is not directly followed by an output block (a fence with the meta word `output`, e.g. ```text output)",
        ),
      );
      continue;
    }
    b++; // the output block is consumed
    // An optional `stderr` block may follow the output block (blank lines only in between).
    const after = blocks[b + 1];
    let stderrBlock: FencedBlock | undefined;
    if (after && after.meta.includes("stderr") && onlyBlankBetween(lines, next.endLine, after.line)) {
      stderrBlock = after;
      b++;
    }
    let env: Record<string, string>;
    let timeoutMs: number | undefined;
    try {
      env = parseEnv(file, block.line, block.meta);
      timeoutMs = parseTimeout(file, block.line, block.meta);
    } catch (e) {
      errors.push(e as DoctestExtractError);
      continue;
    }
    examples.push({
      file,
      line: block.line,
      lang: block.lang,
      code: block.code,
      meta: block.meta,
      env,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      output: next.code,
      outputLine: next.line,
      ...(stderrBlock ? { stderr: stderrBlock.code, stderrLine: stderrBlock.line } : {}),
    });
  }
  return { examples, errors };
}

/** Normalises program output for comparison: trailing whitespace per line and trailing blank lines removed. */
export function normalizeOutput(s: string): string {
  return s
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.replace(/\s+$/, ""))
    .join("\n")
    .replace(/\n+$/, "");
}

/**
 * Normalises stderr for comparison: like `normalizeOutput`, and stack-frame lines
 * (`    at fn (file:line:col)`) are dropped, since they name the generated module's
 * temporary path and the installed package's line numbers.
 */
export function normalizeStderr(s: string): string {
  return normalizeOutput(
    s
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .filter((l) => !/^\s+at\s/.test(l))
      .join("\n"),
  );
}
