/** How well a record's own heading equals the query, one of the ranking criteria. */
import type { Expansion } from "./dictionary.ts";
import { HEADING_LENGTH_CAP, HEADING_POSITIONS, headingLength } from "./postings.ts";
import type { QueryWord } from "./tokenize.ts";

/** What a heading word must be to stand for a query word: the word itself or a one-typo
 * correction of it, or (for the word being typed) a word it expands to. Only the expansions
 * count, so the postings of the query's words tell where they stand in a heading. */
export interface WordForms {
  whole: ReadonlySet<string>;
  prefix: ((term: string) => boolean) | null;
}

export function wordForms(word: QueryWord, expansions: readonly Expansion[]): WordForms {
  const whole = new Set<string>([word.term]);
  const completions = new Set<string>();
  for (const expansion of expansions) {
    if (expansion.exact) whole.add(expansion.term);
    else completions.add(expansion.term);
  }
  return {
    whole,
    prefix: word.prefix ? (term) => completions.has(term) : null,
  };
}

function sequenceEquals(sequence: readonly string[], forms: readonly WordForms[], offset: number, prefixLast: boolean): boolean {
  for (let i = 0; i < forms.length; i++) {
    const have = sequence[offset + i];
    const want = forms[i]!;
    if (have === undefined) return false;
    if (want.whole.has(have)) continue;
    if (prefixLast && i === forms.length - 1 && want.prefix?.(have)) continue;
    return false;
  }
  return true;
}

/**
 * How well a heading equals the query: 5 word for word; 4 word for word once a leading namespace
 * (`sql.`, `te.`) is dropped; 3 word for word with the last word completed; 2 both of these;
 * 1 the heading contains the query's words in a row; 0 otherwise. A typo-corrected word counts.
 */
export function headingMatch(forms: readonly WordForms[], sequences: readonly (readonly string[])[]): number {
  let best = 0;
  for (const seq of sequences) {
    const n = forms.length;
    if (seq.length === n && sequenceEquals(seq, forms, 0, false)) return 5;
    if (seq.length === n + 1 && sequenceEquals(seq, forms, 1, false)) best = Math.max(best, 4);
    else if (seq.length === n && sequenceEquals(seq, forms, 0, true)) best = Math.max(best, 3);
    else if (seq.length === n + 1 && sequenceEquals(seq, forms, 1, true)) best = Math.max(best, 2);
    else if (best < 1) {
      for (let offset = 0; offset + n <= seq.length; offset++) {
        if (sequenceEquals(seq, forms, offset, true)) {
          best = 1;
          break;
        }
      }
    }
  }
  return best;
}

/**
 * The best headingMatch a heading can give a query of `words` words, knowing only what the
 * postings tell: the heading's lengths (`heading`, see packHeading; a length of
 * HEADING_LENGTH_CAP stands for that many or more) and, per query word, the positions at which
 * its expansions stand in each sequence (`positions(word, s)`, a bit mask).
 */
export function headingBound(words: number, heading: number, positions: (word: number, s: number) => number): number {
  let best = 0;
  for (let s = 0; s < 2; s++) {
    const length = headingLength(heading, s);
    const capped = length >= HEADING_LENGTH_CAP;
    for (let offset = 0; offset < 2; offset++) {
      // Word for word (5, or 3 with the last word completed), or after a leading namespace (4 or 2).
      if (capped ? words + offset < HEADING_LENGTH_CAP : length !== words + offset) continue;
      let fits = true;
      for (let word = 0; word < words && fits; word++) {
        const at = word + offset;
        const mask = positions(word, s);
        fits = at >= HEADING_POSITIONS || (mask & (1 << at)) !== 0;
      }
      if (fits) best = Math.max(best, offset === 0 ? 5 : 4);
    }
    // The words in a row somewhere in a longer heading.
    if (capped || length > words) best = Math.max(best, 1);
  }
  return best;
}

/**
 * headingMatch worked out from the postings alone, or null when they cannot tell (a heading
 * sequence longer than the positions the postings hold). `exactAt(word, s)` / `anyAt(word, s)`:
 * bit masks of the positions in sequence s (0 whole words, 1 atoms) of the word's exact
 * expansions (the word as typed, typo corrections) and of all its expansions (completions too).
 */
export function headingMatchOfPositions(words: number, heading: number, exactAt: (word: number, s: number) => number, anyAt: (word: number, s: number) => number): number | null {
  let best = 0;
  for (let s = 0; s < 2; s++) {
    const length = headingLength(heading, s);
    if (length > HEADING_POSITIONS) return null;
    const equals = (offset: number, prefixLast: boolean) => {
      for (let word = 0; word < words; word++) {
        const mask = prefixLast && word === words - 1 ? anyAt(word, s) : exactAt(word, s);
        if (!(mask & (1 << (offset + word)))) return false;
      }
      return true;
    };
    if (length === words && equals(0, false)) return 5;
    if (length === words + 1 && equals(1, false)) best = Math.max(best, 4);
    else if (length === words && equals(0, true)) best = Math.max(best, 3);
    else if (length === words + 1 && equals(1, true)) best = Math.max(best, 2);
    else if (best < 1) {
      for (let offset = 0; offset + words <= length; offset++) {
        if (equals(offset, true)) {
          best = 1;
          break;
        }
      }
    }
  }
  return best;
}
