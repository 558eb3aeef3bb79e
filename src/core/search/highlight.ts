/**
 * Highlighting and snippets: plain text in, HTML out (text escaped, matched words wrapped in the
 * highlight tags). Everything that is not a highlight tag is escaped, so a hit can never carry
 * markup from the indexed text or the query.
 */
import { tokenize, type Token } from "./tokenize.ts";
import type { MatchLevel } from "./types.ts";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) =>
    ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : ch === ">" ? "&gt;" : ch === '"' ? "&quot;" : "&#39;",
  );
}

/** Tells, for a folded word of the text, which query word it matches and how much of it to mark. */
export interface WordMatch {
  /** Index of the query word. */
  word: number;
  /** Characters to mark from the word's start (a prefix match marks only the typed prefix); null marks it all. */
  length: number | null;
}
export type WordMatcher = (term: string) => WordMatch | null;

export interface HighlightTags {
  pre: string;
  post: string;
}

export interface Highlighted {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted: boolean;
}

interface Range {
  start: number;
  end: number;
}

function matchRanges(tokens: readonly Token[], matcher: WordMatcher, matched: Set<number>): Range[] {
  const ranges: Range[] = [];
  for (const token of tokens) {
    const found = matcher(token.term);
    if (!found) continue;
    matched.add(found.word);
    let end = token.end;
    // Mark only the typed prefix when the folded word lines up with the original letters.
    if (found.length !== null && token.end - token.start === token.term.length) end = token.start + Math.min(found.length, token.term.length);
    ranges.push({ start: token.start, end });
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

function render(text: string, ranges: readonly Range[], tags: HighlightTags): string {
  let out = "";
  let at = 0;
  for (const range of ranges) {
    out += escapeHtml(text.slice(at, range.start));
    out += tags.pre + escapeHtml(text.slice(range.start, range.end)) + tags.post;
    at = range.end;
  }
  return out + escapeHtml(text.slice(at));
}

function levelOf(matchedCount: number, wordCount: number): MatchLevel {
  if (matchedCount === 0) return "none";
  return matchedCount >= wordCount ? "full" : "partial";
}

/**
 * Highlights the matched words of `text`. `queryWords` are the query's words (for
 * `matchedWords`); `required` is how many distinct words make a "full" match.
 */
export function highlight(
  text: string,
  matcher: WordMatcher,
  queryWords: readonly string[],
  required: number,
  tags: HighlightTags,
): Highlighted {
  const tokens = tokenize(text);
  const matched = new Set<number>();
  const ranges = matchRanges(tokens, matcher, matched);
  const covered = ranges.reduce((sum, range) => sum + range.end - range.start, 0);
  const letters = tokens.filter((token) => !token.part).reduce((sum, token) => sum + token.end - token.start, 0);
  return {
    value: render(text, ranges, tags),
    matchLevel: levelOf(matched.size, required),
    matchedWords: [...matched].sort((a, b) => a - b).map((index) => queryWords[index] ?? ""),
    fullyHighlighted: letters > 0 && covered >= letters,
  };
}

export interface Snippet {
  /** Plain text of the snippet, with ellipses. */
  text: string;
  value: string;
  matchLevel: MatchLevel;
}

/**
 * A window of about `words` words of `text` around its best match (the window holding the most
 * distinct query words, earliest first), highlighted.
 */
export function snippet(
  text: string,
  matcher: WordMatcher,
  required: number,
  words: number,
  ellipsis: string,
  tags: HighlightTags,
): Snippet {
  const tokens = tokenize(text);
  const wholes = tokens.filter((token) => !token.part);
  if (wholes.length === 0) return { text, value: escapeHtml(text), matchLevel: "none" };
  // Which query words each whole word (or one of its camelCase parts) matches.
  const hits: number[][] = wholes.map(() => []);
  for (const token of tokens) {
    const found = matcher(token.term);
    if (found) hits[token.position]!.push(found.word);
  }
  const size = Math.max(1, words);
  let bestStart = 0;
  let bestScore = -1;
  let bestFirst = 0;
  for (let start = 0; start < wholes.length; start++) {
    if (start > 0 && hits[start]!.length === 0) continue; // windows start on a match
    const seen = new Set<number>();
    for (let i = start; i < Math.min(wholes.length, start + size); i++) for (const word of hits[i]!) seen.add(word);
    if (seen.size > bestScore) {
      bestScore = seen.size;
      bestStart = start;
      bestFirst = hits[start]!.length > 0 ? start : -1;
    }
  }
  // Give the match a little context before it when the window can afford it.
  let first = bestStart;
  if (bestFirst >= 0 && bestScore > 0) first = Math.max(0, bestStart - Math.min(3, Math.floor(size / 4)));
  if (first + size > wholes.length) first = Math.max(0, wholes.length - size);
  const last = Math.min(wholes.length, first + size) - 1;
  const from = first === 0 ? 0 : wholes[first]!.start;
  const to = last === wholes.length - 1 ? text.length : wholes[last]!.end;
  const piece = text.slice(from, to).trim();
  const before = from > 0 ? ellipsis : "";
  const after = to < text.length ? ellipsis : "";
  const marked = highlight(piece, matcher, [], required, tags);
  return {
    text: before + piece + after,
    value: escapeHtml(before) + marked.value + escapeHtml(after),
    matchLevel: marked.matchLevel,
  };
}

const ENTITY = /&(amp|lt|gt|quot|#39|#x27|#x2F|#47|nbsp);/gi;
const ENTITY_TEXT: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", "#x2f": "/", "#47": "/", nbsp: "\u00a0" };

/** Undoes escapeHtml (and the few entities a hosted index may send). */
export function unescapeHtml(html: string): string {
  return html.replace(ENTITY, (_, name: string) => ENTITY_TEXT[name.toLowerCase()] ?? "");
}

export interface HighlightPart {
  text: string;
  marked: boolean;
}

/**
 * A highlighted value (escaped HTML whose only markup is the highlight tags) as plain-text parts,
 * so a UI can render it as text nodes without ever parsing HTML. Any other tag stays literal text.
 */
export function splitHighlighted(value: string, pre = "<mark>", post = "</mark>"): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let at = 0;
  while (at < value.length) {
    const open = value.indexOf(pre, at);
    if (open < 0) break;
    const close = value.indexOf(post, open + pre.length);
    if (close < 0) break;
    if (open > at) parts.push({ text: unescapeHtml(value.slice(at, open)), marked: false });
    parts.push({ text: unescapeHtml(value.slice(open + pre.length, close)), marked: true });
    at = close + post.length;
  }
  if (at < value.length) parts.push({ text: unescapeHtml(value.slice(at)), marked: false });
  return parts.filter((part) => part.text !== "");
}
