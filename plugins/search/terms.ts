/**
 * The dictionary side of the index build: postings per word (with what ranking needs of each
 * record, see src/core/search/postings.ts) and the term shards that hold them.
 */
import {
  HEADING_ANCESTOR,
  HEADING_OWN,
  HEADING_SECTION,
  putShardFiles,
  makeWeight,
  type SearchManifest,
  type TermsFile,
} from "../../src/core/search/indexFormat.ts";
import { encodePackedPostings, packHeading, packPosting } from "../../src/core/search/postings.ts";
import { STOP_WORDS, atomTerms, indexTerms, tokenize } from "../../src/core/search/tokenize.ts";
import type { SearchPageInput, SearchRecord } from "./types.ts";

function headingTerms(map: Map<string, number>, text: string, headingClass: number) {
  for (const term of indexTerms(text)) {
    if ((map.get(term) ?? 0) < headingClass) map.set(term, headingClass);
  }
}

/**
 * One page's words as its records' postings need them: `t` the page's words, `r` per record (in
 * the page's order) [word index in t, packPosting(...)] pairs. Follows from the page alone, so a
 * rebuild can keep it for every page whose sections did not change (see termCache.ts).
 */
export interface PageTerms {
  t: string[];
  r: ArrayLike<number>[];
}

/** A page's PageTerms kept from an earlier build, and this build's told to it. */
export interface PageTermsCache {
  get(page: SearchPageInput): PageTerms | undefined;
  set(page: SearchPageInput, terms: PageTerms): void;
}

/** The words of one page's records (all of them, in order), counted as the index ranks them. */
export function pageTerms(page: SearchPageInput, records: readonly SearchRecord[]): PageTerms {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  // By word number: its count in the current record, and the record it was last counted in (plus one).
  const counts: number[] = [];
  const countedIn: number[] = [];
  const sectionHeadings = new Map<string, number>();
  headingTerms(sectionHeadings, page.sectionLabel, HEADING_SECTION);
  let lastH2 = "";
  const perRecord = records.map((record, k) => {
    const headings = new Map(sectionHeadings);
    if (record.level !== 1) {
      headingTerms(headings, page.pageTitle, HEADING_ANCESTOR);
      if (record.level === 3 && lastH2) headingTerms(headings, lastH2, HEADING_ANCESTOR);
      if (record.level === 2) lastH2 = record.heading;
    }
    headingTerms(headings, record.heading, HEADING_OWN);
    const stamp = k + 1;
    // Word numbers of this record, in the order first counted.
    const found: number[] = [];
    const count = (term: string, by: number): number => {
      let termId = termIds.get(term);
      if (termId === undefined) {
        termId = terms.push(term) - 1;
        termIds.set(term, termId);
        counts.push(0);
        countedIn.push(0);
      }
      if (countedIn[termId] !== stamp) {
        countedIn[termId] = stamp;
        counts[termId] = 0;
        found.push(termId);
      }
      counts[termId] += by;
      return termId;
    };
    for (const term of indexTerms(record.text)) {
      // Stop words are optional in queries: in text they would only take room. In headings they
      // stay, so "How it works" or "The future" can be found word for word.
      if (STOP_WORDS.has(term) && !headings.has(term)) continue;
      count(term, 1);
    }
    const headingWords = new Map<number, [term: string, headingClass: number]>();
    for (const [term, headingClass] of headings) headingWords.set(count(term, 0), [term, headingClass]);
    // Where a word stands in the heading bounds how well the heading can equal a query, before
    // the heading is downloaded.
    const sequences: [string[], string[]] = [
      tokenize(record.heading)
        .filter((token) => !token.part)
        .map((token) => token.term),
      atomTerms(record.heading),
    ];
    const pairs: number[] = [];
    for (const termId of found) {
      const [term, headingClass] = headingWords.get(termId) ?? ["", 0];
      const weight = makeWeight(headingClass, counts[termId]!);
      pairs.push(termId, packPosting(weight, record.level, headingClass === HEADING_OWN ? packHeading(term, sequences) : 0));
    }
    return pairs;
  });
  return { t: terms, r: perRecord };
}

/**
 * Word → its postings, records ascending, as encodePackedPostings takes them. Words are numbered
 * as first seen and their postings kept as flat arrays of numbers: a 2,000-page site has millions
 * of words, and an object per posting cost its build a second, a third of it in the garbage
 * collector. Each word's array is made at its final length (its postings counted first): grown a
 * push at a time, the 900,000 postings of the 2,000-page corpus took 0.13-0.21 s, made whole
 * 0.09 s. A page's words come from `cache` when it holds them.
 */
export function collectPostings(pages: readonly SearchPageInput[], records: readonly SearchRecord[], cache?: PageTermsCache): Map<string, Int32Array> {
  // Each page's words with its first record's number, and each of its words' number site-wide.
  const runs: { terms: PageTerms; first: number; ids: number[] }[] = [];
  const idOf = new Map<string, number>();
  const words: string[] = [];
  const counts: number[] = [];
  for (let first = 0; first < records.length; ) {
    const pageIndex = records[first]!.page;
    let end = first + 1;
    while (end < records.length && records[end]!.page === pageIndex) end += 1;
    const page = pages[pageIndex]!;
    let terms = cache?.get(page);
    if (!terms) {
      terms = pageTerms(page, records.slice(first, end));
      cache?.set(page, terms);
    }
    const ids = terms.t.map((term) => {
      let id = idOf.get(term);
      if (id === undefined) {
        id = words.push(term) - 1;
        idOf.set(term, id);
        counts.push(0);
      }
      return id;
    });
    for (const pairs of terms.r) for (let i = 0; i < pairs.length; i += 2) counts[ids[pairs[i]!]!]! += 2;
    runs.push({ terms, first, ids });
    first = end;
  }
  const lists = counts.map((count) => new Int32Array(count));
  const filled = new Int32Array(counts.length);
  for (const { terms, first, ids } of runs) {
    terms.r.forEach((pairs, k) => {
      for (let i = 0; i < pairs.length; i += 2) {
        const id = ids[pairs[i]!]!;
        const at = filled[id]!;
        lists[id]![at] = first + k;
        lists[id]![at + 1] = pairs[i + 1]!;
        filled[id] = at + 2;
      }
    });
  }
  return new Map(words.map((word, id) => [word, lists[id]!]));
}

/** Shards are cut only where a word's first letters (this many) change. */
const BLOCK_LETTERS = 3;

function blockOf(term: string): string {
  return [...term].slice(0, BLOCK_LETTERS).join("");
}

/**
 * Term shards: words sorted, cut once a shard is big enough where the first BLOCK_LETTERS letters
 * change, so a word of that many letters or more and every word it begins sit in one shard. (A
 * shorter word being typed reads the shards of the words it begins; one-typo neighbours share
 * only the first letter: the engine reads every shard of that letter for them.)
 */
export function putTermShards(files: Map<string, string | Uint8Array>, prefix: string, postings: Map<string, Int32Array>, shardSize: number): SearchManifest["terms"] {
  const firsts: string[] = [];
  const texts: string[] = [];
  let shard: TermsFile = { t: [], p: [] };
  let size = 0;
  let start = "";
  let lastBlock = "";
  const flush = () => {
    if (shard.t.length === 0) return;
    texts.push(JSON.stringify(shard));
    // The first shard also covers anything sorting before its first word.
    firsts.push(firsts.length === 0 ? "" : start);
    shard = { t: [], p: [] };
    size = 0;
  };
  for (const term of [...postings.keys()].sort()) {
    const block = blockOf(term);
    if (shard.t.length > 0 && size >= shardSize && block !== lastBlock) flush();
    if (shard.t.length === 0) start = block;
    const encoded = encodePackedPostings(postings.get(term)!);
    shard.t.push(term);
    shard.p.push(encoded);
    size += term.length + encoded.length + 6;
    lastBlock = block;
  }
  flush();
  return { prefix, ...putShardFiles(files, prefix, texts), firsts };
}
