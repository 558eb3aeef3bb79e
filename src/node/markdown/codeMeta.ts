/**
 * The words after a fence's language: `title="app.ts" {1,4-6} showLineNumbers`.
 * Also understood (and otherwise ignored here) are the doc-test words
 * `doctest`, `query`, `env=NAME=value`, and `output` (the expected output of
 * the example before it). Unknown words are ignored, as Docusaurus does;
 * malformed ones are reported as problems, never thrown.
 */
export interface CodeMeta {
  title?: string;
  /** 1-based line numbers from `{…}` ranges. */
  highlightLines: number[];
  /** The first line number, when line numbers are shown. */
  lineNumbersStart?: number;
  output: boolean;
  doctest: boolean;
  query: boolean;
  env: Record<string, string>;
  problems: string[];
}

/** Splits meta into words; a quoted value or a {range} is one word, with any spaces inside. */
function splitWords(meta: string, problems: string[]): string[] {
  const words: string[] = [];
  let index = 0;
  while (index < meta.length) {
    while (index < meta.length && /\s/.test(meta[index])) index++;
    if (index >= meta.length) break;
    let word = "";
    while (index < meta.length && !/\s/.test(meta[index])) {
      const char = meta[index];
      if (char === '"' || char === "'") {
        const end = meta.indexOf(char, index + 1);
        if (end < 0) {
          problems.push(`unterminated ${char} quote in "${meta.slice(index)}"`);
          word += meta.slice(index);
          index = meta.length;
          break;
        }
        word += meta.slice(index, end + 1);
        index = end + 1;
      } else if (char === "{") {
        const end = meta.indexOf("}", index + 1);
        if (end < 0) {
          problems.push(`unclosed "{" in "${meta.slice(index)}": line ranges look like {1,4-6}`);
          index = meta.length;
          break;
        }
        word += meta.slice(index, end + 1);
        index = end + 1;
      } else {
        word += char;
        index++;
      }
    }
    if (word) words.push(word);
  }
  return words;
}

function unquote(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/** `1,4-6` → [1, 4, 5, 6]; anything else is a problem. */
export function parseLineRanges(ranges: string, problems: string[]): number[] {
  const lines = new Set<number>();
  for (const part of ranges.split(",").map((item) => item.trim())) {
    if (part === "") continue;
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!match) {
      problems.push(`"${part}" in {${ranges}} is not a line number or range like 4-6`);
      continue;
    }
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1 || to < from) {
      problems.push(`line range "${part}" in {${ranges}} is empty or starts before line 1`);
      continue;
    }
    for (let line = from; line <= to && line - from < 10_000; line++) lines.add(line);
  }
  return [...lines].sort((a, b) => a - b);
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlightLines: [], output: false, doctest: false, query: false, env: {}, problems: [] };
  if (!meta) return result;
  const highlighted = new Set<number>();
  for (const word of splitWords(meta, result.problems)) {
    if (word.startsWith("{")) {
      if (!word.endsWith("}")) {
        result.problems.push(`"${word}" is not a line range like {1,4-6}`);
        continue;
      }
      for (const line of parseLineRanges(word.slice(1, -1), result.problems)) highlighted.add(line);
      continue;
    }
    const equals = word.indexOf("=");
    const key = equals < 0 ? word : word.slice(0, equals);
    const value = equals < 0 ? undefined : unquote(word.slice(equals + 1));
    switch (key) {
      case "title":
        if (value === undefined || value === "") result.problems.push(`title needs a value, like title="app.ts"`);
        else result.title = value;
        break;
      case "showLineNumbers":
        if (value === undefined) result.lineNumbersStart = 1;
        else if (/^\d+$/.test(value)) result.lineNumbersStart = Number(value);
        else result.problems.push(`showLineNumbers=${value} is not a line number`);
        break;
      case "output":
        result.output = true;
        break;
      case "doctest":
        result.doctest = true;
        break;
      case "query":
        result.query = true;
        break;
      case "env": {
        const match = value === undefined ? null : /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(value);
        if (!match) result.problems.push(`"${word}" should look like env=NAME=value`);
        else result.env[match[1]] = match[2];
        break;
      }
      default:
        break;
    }
  }
  result.highlightLines = [...highlighted].sort((a, b) => a - b);
  return result;
}
