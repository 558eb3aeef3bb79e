/**
 * The dictionary side of a query: which term shard holds a word, and which indexed words a query
 * word stands for (itself, the words it begins while being typed, or words one typo away).
 */
import { SEARCH_MAX_PREFIX_EXPANSIONS, SEARCH_MIN_WORD_LENGTH_FOR_TYPO } from "./constants.ts";
import { prefixWithinOneTypo, withinOneTypo } from "./fuzzy.ts";
import type { SearchManifest, TermsFile } from "./indexFormat.ts";
import { countPostings } from "./postings.ts";
import type { QueryWord } from "./tokenize.ts";

export interface Expansion {
  term: string;
  typo: boolean;
  exact: boolean;
  /** Characters to highlight: the typed prefix, or null for the whole word. */
  markLength: number | null;
}

/** Index of the term shard that holds words starting like `term`. */
export function shardOf(manifest: SearchManifest, term: string): number {
  let lo = 0;
  const { firsts } = manifest.terms;
  let hi = firsts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firsts[mid]! <= term) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Indexes of the term shards holding the words that start with `prefix`. */
export function shardsCovering(manifest: SearchManifest, prefix: string): number[] {
  const out: number[] = [];
  for (let n = shardOf(manifest, prefix), last = shardOf(manifest, `${prefix}\uffff`); n <= last; n++) out.push(n);
  return out;
}

/** Adjacent term shards as one (their words stay sorted). */
export function joinShards(shards: readonly TermsFile[]): TermsFile {
  if (shards.length === 1) return shards[0]!;
  return { t: shards.flatMap((shard) => shard.t), p: shards.flatMap((shard) => shard.p) };
}

export function lowerBound(list: readonly string[], term: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entry counts of a shard's words, worked out once per word when first needed. */
export const entryCounts = new WeakMap<TermsFile, Int32Array>();
export function entryCount(shard: TermsFile, i: number): number {
  let counts = entryCounts.get(shard);
  if (!counts) entryCounts.set(shard, (counts = new Int32Array(shard.t.length).fill(-1)));
  if (counts[i]! < 0) counts[i] = countPostings(shard.p[i]!);
  return counts[i]!;
}

/** Whether a word being typed begins more dictionary words than its expansions can hold. */
export function leavesCompletionsOut(word: QueryWord, shard: TermsFile): boolean {
  if (!word.prefix) return false;
  const { t: terms } = shard;
  let count = 0;
  for (let i = lowerBound(terms, word.term); i < terms.length && terms[i]!.startsWith(word.term); i++) {
    if (terms[i] !== word.term && ++count > SEARCH_MAX_PREFIX_EXPANSIONS) return true;
  }
  return false;
}

/** Dictionary words a query word matches. */
export function expand(word: QueryWord, shard: TermsFile): Expansion[] {
  const { t: terms } = shard;
  const out: Expansion[] = [];
  const at = lowerBound(terms, word.term);
  if (terms[at] === word.term) out.push({ term: word.term, typo: false, exact: true, markLength: null });
  if (word.prefix) {
    const longer: { term: string; count: number }[] = [];
    for (let i = terms[at] === word.term ? at + 1 : at; i < terms.length && terms[i]!.startsWith(word.term); i++) {
      longer.push({ term: terms[i]!, count: entryCount(shard, i) });
    }
    longer.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : 1));
    for (const { term } of longer.slice(0, SEARCH_MAX_PREFIX_EXPANSIONS)) {
      out.push({ term, typo: false, exact: false, markLength: word.term.length });
    }
  }
  // One typo, for longer words the index does not know as typed.
  if (out.length === 0 && word.term.length >= SEARCH_MIN_WORD_LENGTH_FOR_TYPO) {
    const first = word.term[0]!;
    const start = lowerBound(terms, first);
    const near: { term: string; count: number }[] = [];
    for (let i = start; i < terms.length && terms[i]!.startsWith(first); i++) {
      const term = terms[i]!;
      const close = word.prefix ? prefixWithinOneTypo(word.term, term) : withinOneTypo(word.term, term);
      if (close) near.push({ term, count: entryCount(shard, i) });
    }
    near.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : 1));
    for (const { term } of near.slice(0, SEARCH_MAX_PREFIX_EXPANSIONS)) {
      // A whole word one typo away is a correction; a longer word is a completion of one.
      out.push({ term, typo: true, exact: withinOneTypo(word.term, term), markLength: null });
    }
  }
  return out;
}
