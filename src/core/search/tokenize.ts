/**
 * Text → search words. The index builder and the query engine share this file, so a word is
 * spelled the same way on both sides.
 *
 * A word is a run of letters and digits: punctuation splits, so `sql.identifier`,
 * `sql-identifier` and `sql_identifier` all become `sql` + `identifier`. A camelCase word is
 * indexed whole (`isequivalent`) and by its parts (`is`, `equivalent`).
 */

export interface Token {
  /** The folded word: lower case, accents removed. */
  term: string;
  /** Offsets of the word in the original text: [start, end). */
  start: number;
  end: number;
  /** Index of the whole word this token belongs to (camelCase parts share their word's position). */
  position: number;
  /** True for a camelCase part of a longer word. */
  part: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const HAS_MARK = /[^\u0000-\u007f]/;

/** Lower case with accents stripped. ASCII takes the fast path. */
export function foldWord(word: string): string {
  if (!HAS_MARK.test(word)) return word.toLowerCase();
  return word.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
}

function isUpper(ch: string): boolean {
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}
function isLower(ch: string): boolean {
  return ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

/**
 * Where a camelCase word splits: before an upper-case letter that follows a lower-case letter
 * (`isSQL` → `is|SQL`) and before the last capital of a run followed by a lower-case letter
 * (`SQLFragment` → `SQL|Fragment`), and before a capital after a digit (`sql2Thing`). Digits
 * otherwise stay with their letters (`sql2`).
 */
export function camelCaseBreaks(word: string): number[] {
  // Fast path: no capital letter after the first one means no break (most words).
  if (!/[A-Z]/.test(word.slice(1)) && !HAS_MARK.test(word)) return [];
  const breaks: number[] = [];
  for (let i = 1; i < word.length; i++) {
    const prev = word[i - 1]!;
    const ch = word[i]!;
    const next = word[i + 1];
    const afterLowerOrDigit = isLower(prev) || (prev >= "0" && prev <= "9");
    if (isUpper(ch) && (afterLowerOrDigit || (isUpper(prev) && next !== undefined && isLower(next)))) {
      breaks.push(i);
    }
  }
  return breaks;
}

/** Every word of `text`, with camelCase parts after their whole word. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const word = match[0];
    const start = match.index;
    tokens.push({ term: foldWord(word), start, end: start + word.length, position, part: false });
    const breaks = camelCaseBreaks(word);
    if (breaks.length > 0) {
      let from = 0;
      for (const at of [...breaks, word.length]) {
        tokens.push({
          term: foldWord(word.slice(from, at)),
          start: start + from,
          end: start + at,
          position,
          part: true,
        });
        from = at;
      }
    }
    position++;
  }
  return tokens;
}

/**
 * The folded words of a text, camelCase parts included (what the index stores): tokenize's terms,
 * without its offsets (the index build folds a large site's megabytes of text through here).
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const word = match[0];
    terms.push(foldWord(word));
    const breaks = camelCaseBreaks(word);
    if (breaks.length === 0) continue;
    let from = 0;
    for (const at of breaks) {
      terms.push(foldWord(word.slice(from, at)));
      from = at;
    }
    terms.push(foldWord(word.slice(from)));
  }
  return terms;
}

/** The sequence of "atoms" of a text: camelCase words replaced by their parts. Used to compare
 * a heading with a query word for word (`sql.isEquivalent` → sql, is, equivalent). */
export function atomTerms(text: string): string[] {
  const out: string[] = [];
  const tokens = tokenize(text);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    // A whole word followed by its parts: keep the parts only.
    if (!token.part && next?.part && next.position === token.position) continue;
    out.push(token.term);
  }
  return out;
}

/** Small words a query does not need to contain to match ("how to compile a query"). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "and", "are", "as", "at", "be", "by", "do", "does", "for", "from", "how", "i", "if",
  "in", "into", "is", "it", "its", "of", "on", "or", "that", "the", "this", "to", "what", "when",
  "where", "which", "why", "with", "you", "your", "can", "use", "using",
]);

export interface QueryWord {
  term: string;
  /** The last word of a query still being typed matches as a prefix. */
  prefix: boolean;
  /** Stop words are optional when the query has other words. */
  optional: boolean;
}

/**
 * Query text → query words. The query is cut to `maxLength` characters first. Words repeat
 * only once. The last word is a prefix unless the query ends with a separator.
 */
export function parseQuery(query: string, maxLength: number, maxWords: number): QueryWord[] {
  const text = query.slice(0, maxLength);
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  WORD.lastIndex = 0;
  let lastEnd = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    lastEnd = match.index + match[0].length;
    const term = foldWord(match[0]);
    if (seen.has(term)) continue;
    seen.add(term);
    words.push({ term, prefix: false, optional: STOP_WORDS.has(term) });
    if (words.length >= maxWords) break;
  }
  const last = words[words.length - 1];
  if (last && lastEnd === text.length) last.prefix = true;
  // A query made only of stop words needs them all.
  if (words.length > 0 && words.every((word) => word.optional)) {
    for (const word of words) word.optional = false;
  }
  return words;
}
