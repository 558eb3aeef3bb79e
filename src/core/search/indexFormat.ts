/**
 * The files of the local search index, shared by the builder (plugins/search) and the engine.
 *
 * search-index/manifest.json          fixed name; names every other file (content-hashed)
 * search-index/records.<hash>.json     pages and their heading sections (what a hit displays)
 * search-index/terms-<n>.<hash>.json   dictionary + postings, split by the words' first letter
 * search-index/content-<n>.<hash>.json section text, fetched only for the hits shown (shard n holds
 *                                      records [n * perShard, (n + 1) * perShard); one hash for all)
 */

export interface SearchManifest {
  version: number;
  language: string;
  pageCount: number;
  recordCount: number;
  /** Sections (lvl0) and their docs-tag facet value. */
  sections: { label: string; tag: string }[];
  records: string;
  /** Term shards in order; a word lives in the last shard whose `first` is <= the word. */
  terms: { first: string; file: string }[];
  /** Content shards: shard n holds `perShard` records from n * perShard, in the file
   * `${prefix}${n}.${hash}.json`. */
  content: { prefix: string; hash: string; perShard: number; count: number };
}

/** A section of a page below the page's intro: [level (2|3), heading, anchor if not the default slug]. */
export type RecordRow = [level: number, heading: string, anchor?: string];

/** [url, section index, page title, page rank, sections]. The intro record (lvl1) is implicit. */
export type PageRow = [url: string, section: number, title: string, rank: number, sections: RecordRow[]];

export interface RecordsFile {
  pages: PageRow[];
}

export interface TermsFile {
  /** Sorted words. */
  t: string[];
  /** Encoded postings, one string per word (see encodePostings). */
  p: string[];
}

/** The file of content shard n. */
export function contentShardFile(content: SearchManifest["content"], n: number): string {
  return `${content.prefix}${n}.${content.hash}.json`;
}

export interface ContentFile {
  start: number;
  /** Section text, one string per record from `start`. */
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

// Postings: record ids ascending with a weight each, as varints in a 64-letter JSON-safe alphabet.
// Each letter carries 5 bits and a "more follows" bit. Entry value: (gap << 3) | weight, where
// gap is the first id, then (id - previous id - 1).
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

export function encodePostings(ids: readonly number[], weights: readonly number[]): string {
  let out = "";
  let previous = -1;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    let value = (id - previous - 1) * 8 + (weights[i]! & 7);
    previous = id;
    while (value >= 32) {
      out += ALPHABET[32 + (value % 32)];
      value = Math.floor(value / 32);
    }
    out += ALPHABET[value];
  }
  return out;
}

/** Number of entries in encoded postings (letters without the "more" bit). */
export function countPostings(encoded: string): number {
  let count = 0;
  for (let i = 0; i < encoded.length; i++) if (DECODE[encoded.charCodeAt(i)]! < 32) count++;
  return count;
}

/** Calls `visit(id, weight)` for each entry. */
export function decodePostings(encoded: string, visit: (id: number, weight: number) => void): void {
  let previous = -1;
  let value = 0;
  let scale = 1;
  for (let i = 0; i < encoded.length; i++) {
    const digit = DECODE[encoded.charCodeAt(i)]!;
    if (digit < 0) throw new Error(`Search index: invalid postings letter ${JSON.stringify(encoded[i])}`);
    if (digit >= 32) {
      value += (digit - 32) * scale;
      scale *= 32;
      continue;
    }
    value += digit * scale;
    const id = previous + 1 + Math.floor(value / 8);
    visit(id, value % 8);
    previous = id;
    value = 0;
    scale = 1;
  }
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
