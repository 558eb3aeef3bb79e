/**
 * The files of the local search index, shared by the builder (plugins/search) and the engine.
 *
 * search-index/manifest.json          fixed name; names every other file (content-hashed)
 * search-index/terms-<n>.<hash>.json   dictionary + postings (see postings.ts: every entry carries
 *                                      what ranking needs of its record), split by the words'
 *                                      first letters
 * search-index/hits-<n>.<hash>.json    what a hit shows of a record (URL, title, headings, the
 *                                      start of its text), fetched only for the hits shown
 * search-index/content-<n>.<hash>.json the rest of the section text, fetched only for a hit whose
 *                                      snippet is not in the start of its text (not written when
 *                                      none of its records has text beyond the start)
 *
 * Each kind of file is a series, its names hashed by blocks of files (see SEARCH_MAX_HASHES). Hits and content file n holds records
 * [n * perShard, (n + 1) * perShard). Records are numbered page by page, the pages of a section together, so a
 * record's section is known from its number.
 */
import { SEARCH_MAX_HASHES } from "./constants.ts";

/** Files n = 0 … count - 1, each holding `perShard` records from n * perShard. */
export interface ShardSeries {
  prefix: string;
  /** Name hashes, one per `block` files: file n's is hashes[floor(n / block)]. */
  hashes: string[];
  block: number;
  perShard: number;
  count: number;
}

export interface SearchManifest {
  version: number;
  language: string;
  pageCount: number;
  recordCount: number;
  /** Sections (lvl0) in record order: their docs-tag facet value and the record after their last. */
  sections: { label: string; tag: string; end: number }[];
  /** Records of pages that rank above others on ties (section index pages): [first, end, rank]. */
  ranked: [start: number, end: number, rank: number][];
  /** Term shards in order (see shardFile); a word lives in the last shard whose
   * first word is >= firsts[n] (the first of them is ""). */
  terms: { prefix: string; hashes: string[]; block: number; firsts: string[] };
  hits: ShardSeries;
  content: ShardSeries;
}

/** The file of shard n of a series. */
export function shardFile(series: Pick<ShardSeries, "prefix" | "hashes" | "block">, n: number): string {
  return `${series.prefix}${n}.${series.hashes[Math.floor(n / series.block)]}.json`;
}

/** Names a series' files (their JSON in order) into `files`; returns how the names are hashed. */
export function putShardFiles(files: Map<string, string | Uint8Array>, prefix: string, texts: readonly string[]): Pick<ShardSeries, "hashes" | "block"> {
  const block = Math.max(1, Math.ceil(texts.length / SEARCH_MAX_HASHES));
  const hashes: string[] = [];
  for (let start = 0; start < texts.length; start += block) hashes.push(hashText(texts.slice(start, start + block).join("\n")));
  texts.forEach((json, n) => files.set(shardFile({ prefix, hashes, block }, n), json));
  return { hashes, block };
}

export interface TermsFile {
  /** Sorted words. */
  t: string[];
  /** Encoded postings, one string per word (see postings.ts). */
  p: string[];
}

/**
 * What a hit shows of a record: [URL without anchor, page title, level (1 page intro, 2 h2, 3
 * h3), own heading ("" for a page intro), the h2 above an h3 (else ""), anchor (0: the heading's
 * default slug; "" none), which record of its page with this URL it is (1 for the first), the
 * start of the section text (cut at a space), 1 if the text goes on after it].
 */
export type HitRow = [url: string, title: string, level: number, heading: string, parent: string, anchor: string | 0, nth: number, lead: string, more: 0 | 1];

export interface HitsFile {
  start: number;
  /** One row per record from `start`. */
  r: HitRow[];
}

export interface ContentFile {
  start: number;
  /** Section text after the start its hit row holds, one string per record from `start`. */
  c: string[];
}

/**
 * Per-record weight of a word, three bits, from the word's heading class and its count in the text.
 * Heading class: 0 none · 1 the section name (lvl0) · 2 an enclosing heading (the page title, or
 * the h2 above an h3) · 3 the record's own heading (the page title for a page's intro).
 * Text class: 0 not in the section text · 1 once · 2 two or three times · 3 four times or more.
 * Codes: 0–2 text only (class 1–3) · 3 section name · 4/5 enclosing heading without/with text ·
 * 6/7 own heading without/with text.
 */
export const HEADING_NONE = 0;
export const HEADING_SECTION = 1;
export const HEADING_ANCESTOR = 2;
export const HEADING_OWN = 3;

export function textClass(count: number): number {
  if (count >= 4) return 3;
  if (count >= 2) return 2;
  return count > 0 ? 1 : 0;
}

export function makeWeight(headingClass: number, textCount: number): number {
  const inText = textCount > 0 ? 1 : 0;
  if (headingClass === HEADING_OWN) return 6 + inText;
  if (headingClass === HEADING_ANCESTOR) return 4 + inText;
  if (headingClass === HEADING_SECTION) return 3;
  return Math.max(1, textClass(textCount)) - 1;
}
export function headingClassOf(weight: number): number {
  if (weight >= 6) return HEADING_OWN;
  if (weight >= 4) return HEADING_ANCESTOR;
  return weight === 3 ? HEADING_SECTION : HEADING_NONE;
}
/** The text class (0–3); for heading codes only "in the text" (1) or not (0) is known. */
export function textClassOf(weight: number): number {
  if (weight < 3) return weight + 1;
  if (weight === 3) return 0;
  return weight & 1;
}

/**
 * The anchor a heading gets by default (lower case, punctuation dropped, spaces to hyphens).
 * The index stores an anchor only where the page's real id differs from this.
 */
export function defaultAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** FNV-1a 32-bit hash as 8 hex digits: short content-based file names. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
