/**
 * Highlighting and snippets: plain text in, HTML out (text escaped, matched words wrapped in the
 * highlight tags). Everything that is not a highlight tag is escaped, so a hit can never carry
 * markup from the indexed text or the query.
 */
import { escapeHtml } from "../html.ts";
import { tokenize, type Token } from "./tokenize.ts";
import type { MatchLevel } from "./types.ts";

export { escapeHtml };

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
  matchedWords: string[];
}

/** What a snippet is cut for: the query's words and how to mark and cut them. */
export interface SnippetOptions {
  matcher: WordMatcher;
  /** How many distinct query words make a "full" match. */
  required: number;
  /** About this many words. */
  words: number;
  ellipsis: string;
  tags: HighlightTags;
  queryWords: readonly string[];
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
  queryWords: readonly string[] = [],
): Snippet {
  return snippetOf(text, { matcher, required, words, ellipsis, tags, queryWords }, null)!;
}

/**
 * The snippet of a text of which only the start is known (`start`, cut at a space), or null when
 * what follows could change it. `present`: how many distinct query words the whole text holds
 * (at most `required`), as the index tells.
 */
export function startSnippet(start: string, present: number, options: SnippetOptions): Snippet | null {
  return snippetOf(start, options, present);
}

/** `present`: only the start of the text is given, and the whole holds this many query words; null: the whole text. */
function snippetOf(text: string, options: SnippetOptions, present: number | null): Snippet | null {
  const { matcher, required, words, ellipsis, tags, queryWords } = options;
  const complete = present === null;
  const tokens = tokenize(text);
  let wordCount = 0;
  for (const token of tokens) if (!token.part) wordCount++;
  if (wordCount === 0) return complete ? { text, value: escapeHtml(text), matchLevel: "none", matchedWords: [] } : null;
  const starts = new Array<number>(wordCount);
  const ends = new Array<number>(wordCount);
  // The query word each whole word (or one of its camelCase parts) matches, or -1.
  const hit = new Int32Array(wordCount).fill(-1);
  for (const token of tokens) {
    if (!token.part) {
      starts[token.position] = token.start;
      ends[token.position] = token.end;
    }
    if (hit[token.position] === -1) {
      const found = matcher(token.term);
      if (found) hit[token.position] = found.word;
    }
  }
  const size = Math.max(1, words);
  // Slide a window of `size` words over the text, starting only at matched words, and keep the
  // first one holding the most distinct query words.
  const counts = new Map<number, number>();
  let distinct = 0;
  let bestStart = 0;
  let bestScore = 0;
  let end = 0; // window is [start, end)
  let removedUpTo = 0;
  for (let start = 0; start < wordCount; start++) {
    if (hit[start] === -1) continue;
    for (; removedUpTo < start; removedUpTo++) {
      const word = hit[removedUpTo]!;
      if (word < 0 || removedUpTo >= end) continue;
      const left = (counts.get(word) ?? 1) - 1;
      counts.set(word, left);
      if (left === 0) distinct--;
    }
    if (end < start) end = start;
    for (; end < Math.min(wordCount, start + size); end++) {
      const word = hit[end]!;
      if (word < 0) continue;
      const have = counts.get(word) ?? 0;
      counts.set(word, have + 1);
      if (have === 0) distinct++;
    }
    if (distinct > bestScore) {
      bestScore = distinct;
      bestStart = start;
      if (distinct >= required) break;
    }
  }
  // The whole text gives the same window only if the start holds as many query words as the
  // whole does and the window ends before the start's last word (whose end may differ by the
  // punctuation after it).
  if (!complete && (bestScore < present || bestStart + size >= wordCount)) return null;
  // Give the match a little context before it when the window can afford it.
  let first = bestScore > 0 ? Math.max(0, bestStart - Math.min(3, Math.floor(size / 4))) : 0;
  if (first + size > wordCount) first = Math.max(0, wordCount - size);
  const last = Math.min(wordCount, first + size) - 1;
  const from = first === 0 ? 0 : starts[first]!;
  const to = last === wordCount - 1 ? text.length : ends[last]!;
  const piece = text.slice(from, to).trim();
  const before = from > 0 ? ellipsis : "";
  const after = to < text.length ? ellipsis : "";
  const marked = highlight(piece, matcher, queryWords, required, tags);
  return {
    text: before + piece + after,
    value: escapeHtml(before) + marked.value + escapeHtml(after),
    matchLevel: marked.matchLevel,
    matchedWords: marked.matchedWords,
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
