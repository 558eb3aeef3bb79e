import * as yaml from "js-yaml";
import { SiteError } from "../../src/node/errors";

export interface DocFrontMatter {
  id?: string;
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  slug?: string;
  description?: string;
  draft?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  hide_table_of_contents?: boolean;
  tags?: string[];
  keywords?: string[];
  [key: string]: unknown;
}

export interface ParsedSource {
  frontMatter: DocFrontMatter;
  /**
   * The file with its front matter block replaced by as many empty lines, so
   * that line numbers in later errors still point into the real file.
   */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

const KEY_TYPES: Record<string, "string" | "number" | "boolean" | "string[]"> = {
  id: "string",
  title: "string",
  sidebar_label: "string",
  sidebar_position: "number",
  slug: "string",
  description: "string",
  draft: "boolean",
  toc_min_heading_level: "number",
  toc_max_heading_level: "number",
  hide_table_of_contents: "boolean",
  tags: "string[]",
  keywords: "string[]",
};

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return value.every((item) => typeof item === "string") ? "string[]" : "array";
  return value === null ? "null" : typeof value;
}

function lineOfKey(block: string, key: string): number {
  const index = block.split(/\r?\n/).findIndex((line) => line.startsWith(`${key}:`));
  return index < 0 ? 1 : index + 2;
}

export function parseFrontMatter(source: string, file: string): ParsedSource {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { frontMatter: {}, body: source };
  const block = match[1];
  let data: unknown;
  try {
    data = yaml.load(block) ?? {};
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number }; reason?: string }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    // +2: one for the opening "---" line, one because js-yaml counts lines from 0.
    const line = mark ? mark.line + 2 : 2;
    const column = mark ? mark.column + 1 : 1;
    throw new SiteError(`${file}:${line}:${column}: invalid YAML front matter: ${reason}`);
  }
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new SiteError(`${file}:2: front matter must be a YAML mapping of keys to values (got ${typeOf(data)})`);
  }
  const frontMatter = data as DocFrontMatter;
  for (const [key, expected] of Object.entries(KEY_TYPES)) {
    const value = frontMatter[key];
    if (value === undefined) continue;
    const actual = typeOf(value);
    const ok = expected === "number" ? typeof value === "number" && Number.isFinite(value) : actual === expected;
    if (!ok) throw new SiteError(`${file}:${lineOfKey(block, key)}: front matter "${key}" must be a ${expected} (got ${actual} ${JSON.stringify(value)})`);
  }
  const blankLines = "\n".repeat(match[0].split("\n").length - 1);
  return { frontMatter, body: blankLines + source.slice(match[0].length) };
}
