import * as yaml from "js-yaml";
import { encodeRoutePath, safeDecodeURIComponent } from "../../src/core/paths";
import { SiteError } from "../../src/node/errors";
import { memoizedYaml } from "../../src/node/yamlMemo";

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

const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

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

/** Why a front matter id cannot name a doc, or undefined when it can. */
export function docIdProblem(id: string): string | undefined {
  if (id.trim() === "") return "must not be empty";
  if (id.includes("/") || id.includes("\\")) return 'cannot contain "/" or "\\"; use a folder instead';
  if (id === "." || id === "..") return 'cannot be "." or "..": it would name a folder, not a page';
  if (/[\0-\x1f]/.test(id)) return "cannot contain control characters";
  return undefined;
}

/**
 * Why a slug would lead out of its docs section (or out of the output
 * folder), or undefined when it stays inside. Escapes count as what they decode to.
 */
export function slugProblemOf(slug: string): string | undefined {
  // Decode what the route will be, exactly as the output file name is decoded from it.
  const segments = encodeRoutePath(slug).split("/").map(safeDecodeURIComponent);
  if (segments.some((segment) => segment === "." || segment === "..")) return 'cannot contain "." or ".." segments: a slug stays inside its docs section';
  if (slug.includes("\\") || segments.some((segment) => /[/\\]/.test(segment))) return 'cannot contain "\\" or an encoded "/"';
  if (/[\0-\x1f]/.test(segments.join("/"))) return "cannot contain control characters";
  return undefined;
}

export function parseFrontMatter(source: string, file: string): ParsedSource {
  const match = FRONT_MATTER.exec(source);
  if (!match) {
    // An opening "---" with no closing one would otherwise publish the YAML as page text.
    if (/^---[ \t]*\r?\n/.test(source)) throw new SiteError(`${file}:1: front matter block is never closed: add a line "---" after its last key (or remove this first line if it is not front matter)`);
    return { frontMatter: {}, body: source };
  }
  const block = match[1] ?? "";
  let data: unknown;
  try {
    data = block.trim() === "" ? {} : (memoizedYaml(block, (text) => yaml.load(text)) ?? {});
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
  const idProblem = frontMatter.id === undefined ? undefined : docIdProblem(frontMatter.id);
  if (idProblem) throw new SiteError(`${file}:${lineOfKey(block, "id")}: front matter "id" ${idProblem} (got ${JSON.stringify(frontMatter.id)})`);
  const slugProblem = frontMatter.slug === undefined ? undefined : slugProblemOf(frontMatter.slug);
  if (slugProblem) throw new SiteError(`${file}:${lineOfKey(block, "slug")}: front matter "slug" ${slugProblem} (got ${JSON.stringify(frontMatter.slug)})`);
  const blankLines = "\n".repeat(match[0].split("\n").length - 1);
  return { frontMatter, body: blankLines + source.slice(match[0].length) };
}
