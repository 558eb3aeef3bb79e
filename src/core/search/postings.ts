/**
 * Postings: the records holding one word, ascending, each with what ranking needs to know of the
 * record. Ranking reads only the postings of the query's words (and the manifest), so a query
 * downloads no table of every record, and what it downloads grows with its words' use, not with
 * the site.
 *
 * Varints in a 64-letter JSON-safe alphabet: each letter carries 5 bits and a "more follows" bit.
 * Entry value: ((gap * 3 + level - 1) << 3) | weight, where gap is the first id, then (id -
 * previous id - 1), level the record's (1 page intro, 2 h2, 3 h3) and weight the word's (see
 * makeWeight). An entry of the record's own heading (weight 6 or 7) is followed by three more
 * letters, what the heading match (headingMatch.ts) needs to bound its score before the heading
 * is downloaded: the heading's length in whole words and in atoms (see atomTerms), 3 bits each,
 * capped at HEADING_LENGTH_CAP; then the positions (0 to HEADING_POSITIONS - 1) at which the word
 * stands among the whole words, and among the atoms, as bit masks.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** A heading length of this many words means "this many or more". */
export const HEADING_LENGTH_CAP = 7;
/** Positions of a word in a heading known from its postings: 0 … HEADING_POSITIONS - 1. */
export const HEADING_POSITIONS = 6;

/** Weights from this one up mark the record's own heading, and carry its lengths. */
const OWN_HEADING_WEIGHT = 6;

export interface Posting {
  id: number;
  weight: number;
  level: number;
  /** Own-heading entries: the word in the heading (packHeading); otherwise ignored. */
  heading: number;
}

/** The word in its heading: sequences (whole words, atoms) of the heading's terms. */
export function packHeading(term: string, sequences: readonly [readonly string[], readonly string[]]): number {
  let packed = 0;
  sequences.forEach((sequence, s) => {
    let mask = 0;
    for (let at = 0; at < Math.min(HEADING_POSITIONS, sequence.length); at++) if (sequence[at] === term) mask |= 1 << at;
    packed |= Math.min(HEADING_LENGTH_CAP, sequence.length) << (3 * s);
    packed |= mask << (6 + HEADING_POSITIONS * s);
  });
  return packed;
}

/** The heading's length in sequence s (0 whole words, 1 atoms), capped at HEADING_LENGTH_CAP. */
export function headingLength(packed: number, s: number): number {
  return (packed >> (3 * s)) & 7;
}

/** Bit mask of the word's positions in sequence s (0 whole words, 1 atoms). */
export function headingPositions(packed: number, s: number): number {
  return (packed >> (6 + HEADING_POSITIONS * s)) & ((1 << HEADING_POSITIONS) - 1);
}

/**
 * A posting as one number, for an index build's millions of them: weight (3 bits), level (2 bits),
 * then the packed heading (18 bits, see packHeading). Its record id goes beside it.
 */
export function packPosting(weight: number, level: number, heading: number): number {
  return weight | (level << 3) | ((heading & 0x3ffff) << 5);
}

/** Postings as [id, packPosting(...), id, packPosting(...), ...], records ascending. */
export function encodePackedPostings(flat: ArrayLike<number>): string {
  let out = "";
  let previous = -1;
  for (let at = 0; at < flat.length; at += 2) {
    const id = flat[at]!;
    const packed = flat[at + 1]!;
    const weight = packed & 7;
    const level = (packed >> 3) & 3;
    const heading = packed >> 5;
    let value = ((id - previous - 1) * 3 + level - 1) * 8 + weight;
    previous = id;
    while (value >= 32) {
      out += ALPHABET[32 + (value % 32)];
      value = Math.floor(value / 32);
    }
    out += ALPHABET[value];
    if (weight >= OWN_HEADING_WEIGHT) for (let shift = 0; shift < 18; shift += 6) out += ALPHABET[(heading >> shift) & 63];
  }
  return out;
}

export function encodePostings(entries: readonly Posting[]): string {
  return encodePackedPostings(entries.flatMap(({ id, weight, level, heading }) => [id, packPosting(weight & 7, level, weight >= OWN_HEADING_WEIGHT ? heading : 0)]));
}

function letter(encoded: string, at: number): number {
  const digit = DECODE[encoded.charCodeAt(at)] ?? -1;
  if (digit < 0) throw new Error(`Search index: invalid postings letter ${JSON.stringify(encoded[at] ?? "")} at ${at}`);
  return digit;
}

/** Calls `visit` for each entry. */
export function decodePostings(encoded: string, visit: (id: number, weight: number, level: number, heading: number) => void): void {
  let previous = -1;
  let value = 0;
  let scale = 1;
  for (let i = 0; i < encoded.length; i++) {
    const digit = letter(encoded, i);
    if (digit >= 32) {
      value += (digit - 32) * scale;
      scale *= 32;
      continue;
    }
    value += digit * scale;
    const weight = value % 8;
    const rest = Math.floor(value / 8);
    const id = previous + 1 + Math.floor(rest / 3);
    let heading = 0;
    if (weight >= OWN_HEADING_WEIGHT) {
      heading = letter(encoded, i + 1) | (letter(encoded, i + 2) << 6) | (letter(encoded, i + 3) << 12);
      i += 3;
    }
    visit(id, weight, (rest % 3) + 1, heading);
    previous = id;
    value = 0;
    scale = 1;
  }
}

/** Number of entries in encoded postings. */
export function countPostings(encoded: string): number {
  let count = 0;
  decodePostings(encoded, () => count++);
  return count;
}
