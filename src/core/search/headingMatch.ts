/** How well a record's own heading equals the query, one of the ranking criteria. */
import type { Expansion } from "./dictionary.ts";
import type { QueryWord } from "./tokenize.ts";

/** What a heading word must be to stand for a query word: the word itself or a one-typo
 * correction of it, or (for the word being typed) any word it begins. */
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
    prefix: word.prefix ? (term) => term.startsWith(word.term) || completions.has(term) : null,
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

/** The best headingMatch a heading of these word sequences can give a query of `words` words. */
export function headingLengthBound(words: number, sequences: readonly (readonly string[])[]): number {
  let best = 0;
  for (const { length } of sequences) {
    if (length === words) return 5;
    if (length === words + 1) best = Math.max(best, 4);
    else if (length > words) best = Math.max(best, 1);
  }
  return best;
}
