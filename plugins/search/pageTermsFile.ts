import type { PageTerms } from "./terms";
import { decodeText } from "../../src/node/text";

/** The file's first line: its format, so a file of another one is no cache at all. */
const FORMAT_LINE = "graphile-docs page terms 1\n";
const INT_BYTES = 4;

/** What the page-terms file holds: each page's words by its key, and the made blocks by recipe key. */
export interface PageTermsContents {
  pages: Map<string, PageTerms>;
  blocks: Record<string, unknown>;
  /** Every word once, as the file numbers them: the next file numbers them alike (encodePageTerms). */
  words: string[];
}

/** A decoded page's words by their numbers in its file's list (a view of the file's bytes), with that list. */
const numbered = new WeakMap<PageTerms, { words: readonly string[]; numbers: Int32Array }>();

/**
 * The page-terms cache as bytes: the format line, a line of JSON (the pages' keys in order, every
 * word once, the blocks), padding to a multiple of four bytes, then 32-bit integers in this
 * machine's byte order (a cache never leaves it): for each page its word count and its words'
 * numbers in that list, its record count, and for each record the length of its pairs and the
 * pairs. The same words as JSON were 7.5 MB for 2,000 pages, which the search thread parsed into
 * 20,000 arrays before every rebuild (0.3 s) and checked number by number (0.1 s). In parts, to
 * be written one after another.
 */
export function encodePageTerms(pages: ReadonlyMap<string, PageTerms>, blocks: Record<string, unknown>, lastWords: readonly string[] = []): Uint8Array[] {
  // The last file's words keep their numbers: a page read from it is copied number for number,
  // where looking up each of 2,000 pages' words again took as long as writing them as JSON.
  const words = [...lastWords];
  const numbers = new Map(words.map((word, number) => [word, number]));
  let ints = 0;
  for (const terms of pages.values()) {
    ints += 2 + terms.t.length;
    for (const pairs of terms.r) ints += 1 + pairs.length;
  }
  const body = new Int32Array(ints);
  let at = 0;
  for (const terms of pages.values()) {
    body[at++] = terms.t.length;
    const known = numbered.get(terms);
    if (known && known.words === lastWords) {
      body.set(known.numbers, at);
      at += known.numbers.length;
    } else {
      for (const word of terms.t) {
        let number = numbers.get(word);
        if (number === undefined) {
          number = words.push(word) - 1;
          numbers.set(word, number);
        }
        body[at++] = number;
      }
    }
    body[at++] = terms.r.length;
    for (const pairs of terms.r) {
      body[at++] = pairs.length;
      body.set(pairs, at);
      at += pairs.length;
    }
  }
  const head = Buffer.from(`${FORMAT_LINE}${JSON.stringify({ keys: [...pages.keys()], words, blocks })}\n`);
  const padding = (INT_BYTES - (head.length % INT_BYTES)) % INT_BYTES;
  return [head, Buffer.alloc(padding, 0x20), new Uint8Array(body.buffer)];
}

/**
 * The contents of a page-terms file, each page's pairs a view of the file's bytes; undefined when
 * the bytes are not such a file (cut short, another format, a word number or length out of range).
 */
export function decodePageTerms(bytes: Uint8Array): PageTermsContents | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!text.subarray(0, FORMAT_LINE.length).equals(Buffer.from(FORMAT_LINE))) return undefined;
  const headEnd = text.indexOf(0x0a, FORMAT_LINE.length);
  if (headEnd < 0) return undefined;
  let head: { keys?: unknown; words?: unknown; blocks?: unknown };
  try {
    head = JSON.parse(decodeText(text, FORMAT_LINE.length, headEnd)) as typeof head;
  } catch {
    return undefined;
  }
  const { keys, words, blocks } = head;
  if (!Array.isArray(keys) || !Array.isArray(words) || typeof blocks !== "object" || blocks === null) return undefined;
  const bodyStart = Math.ceil((headEnd + 1) / INT_BYTES) * INT_BYTES;
  if ((text.length - bodyStart) % INT_BYTES !== 0) return undefined;
  // A view needs its start at a multiple of four in the underlying memory: copied when it is not.
  const aligned = (text.byteOffset + bodyStart) % INT_BYTES === 0 ? text : Buffer.from(Uint8Array.from(text).buffer);
  const body = new Int32Array(aligned.buffer, aligned.byteOffset + bodyStart, (aligned.length - bodyStart) / INT_BYTES);
  const pages = new Map<string, PageTerms>();
  let at = 0;
  const next = () => (at < body.length ? body[at++]! : -1);
  for (const key of keys) {
    const wordCount = next();
    if (typeof key !== "string" || wordCount < 0 || at + wordCount > body.length) return undefined;
    const t = new Array<string>(wordCount);
    const numbers = body.subarray(at, at + wordCount);
    for (let i = 0; i < wordCount; i++) {
      const word = words[body[at++]!];
      if (typeof word !== "string") return undefined;
      t[i] = word;
    }
    const recordCount = next();
    if (recordCount < 0) return undefined;
    const r: Int32Array[] = [];
    for (let k = 0; k < recordCount; k++) {
      const length = next();
      if (length < 0 || length % 2 !== 0 || at + length > body.length) return undefined;
      const pairs = body.subarray(at, at + length);
      for (let i = 0; i < length; i += 2) if (pairs[i]! >= wordCount || pairs[i]! < 0) return undefined;
      r.push(pairs);
      at += length;
    }
    const terms = { t, r };
    numbered.set(terms, { words: words as string[], numbers });
    pages.set(key, terms);
  }
  return at === body.length ? { pages, blocks: blocks as Record<string, unknown>, words: words as string[] } : undefined;
}
