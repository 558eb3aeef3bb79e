import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Expansion } from "../../src/core/search/dictionary";
import { headingBound, headingMatch, headingMatchOfPositions, wordForms } from "../../src/core/search/headingMatch";
import { HEADING_POSITIONS, headingLength, headingPositions, packHeading } from "../../src/core/search/postings";
import { atomTerms, indexTerms, tokenize, type QueryWord } from "../../src/core/search/tokenize";

// The engine ranks on how well a heading equals the query before any heading is downloaded,
// from where the query's words stand in it as the postings tell. That must give what the
// heading itself gives (or, for headings too long for the postings, never less).

const VOCABULARY = ["sql", "sqlite", "is", "isEquivalent", "te", "ref", "raw", "rawValue", "query"];

/** A query word's expansions among the heading's words: itself, and what it begins if typed. */
function expansionsOf(word: QueryWord, headingTerms: readonly string[]): Expansion[] {
  return [...new Set(headingTerms)]
    .filter((term) => term === word.term || (word.prefix && term.startsWith(word.term)))
    .map((term) => ({ term, typo: false, exact: term === word.term, markLength: term === word.term ? null : word.term.length }));
}

describe("the heading match from the postings", () => {
  it("equals the heading match of the heading itself, and its bound is never below it", () => {
    const arbitrary = fc.record({
      heading: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 8 }),
      query: fc.array(fc.constantFrom(...VOCABULARY.map((word) => word.toLowerCase()), "sq", "is", "r"), { minLength: 1, maxLength: 3 }),
      prefix: fc.boolean(),
    });
    fc.assert(
      fc.property(arbitrary, ({ heading, query, prefix }) => {
        const text = heading.join(".");
        const sequences: [string[], string[]] = [tokenize(text).filter((token) => !token.part).map((token) => token.term), atomTerms(text)];
        const words: QueryWord[] = query.map((term, i) => ({ term, prefix: prefix && i === query.length - 1, optional: false }));
        const terms = indexTerms(text);
        const expansions = words.map((word) => expansionsOf(word, terms));
        const mask = (word: number, s: number, exactOnly: boolean) =>
          expansions[word]!.filter((expansion) => !exactOnly || expansion.exact).reduce((bits, expansion) => bits | headingPositions(packHeading(expansion.term, sequences), s), 0);
        const packed = packHeading(terms[0]!, sequences);
        const expected = headingMatch(words.map((word, i) => wordForms(word, expansions[i]!)), sequences);
        const known = headingMatchOfPositions(words.length, packed, (word, s) => mask(word, s, true), (word, s) => mask(word, s, false));
        const long = [0, 1].some((s) => headingLength(packed, s) > HEADING_POSITIONS);
        expect(known).toBe(long ? null : expected);
        expect(headingBound(words.length, packed, (word, s) => mask(word, s, false))).toBeGreaterThanOrEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });
});
