import { readFileSync } from "node:fs";

/**
 * Each page source's text as this build first read it. The docs plugin reads every page, the
 * input fingerprint hashes them and the compile reads them once more: on 2,000 pages that was
 * 6,000 reads (and their garbage) on the main thread of a one-page rebuild. Read once, every step
 * also sees the same text, even when a file is saved while the build runs.
 */
let texts: Map<string, string> | undefined;

/** A Markdown page source, by its name. */
export const MARKDOWN_SOURCE = /\.mdx?$/;

/** From now until stopSourceTexts, a file's text is read once. */
export function startSourceTexts(): void {
  texts = new Map();
}

export function stopSourceTexts(): void {
  texts = undefined;
}

/** The file's text (UTF-8): read now, or as read before since startSourceTexts. */
export function sourceText(file: string): string {
  const known = texts?.get(file);
  if (known !== undefined) return known;
  const text = readFileSync(file, "utf8");
  texts?.set(file, text);
  return text;
}
