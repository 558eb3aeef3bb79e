import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";

/**
 * Bytes of UTF-8 text as a string. Node 20 decodes UTF-8 at about a fifth of the speed it copies
 * Latin-1, and ASCII reads the same either way: most of what a build reads back (its JSON records,
 * the compile thread's bundle) is ASCII, and the check costs a pass far cheaper than the decoding.
 * On 2.6 MB of a 2,000-page site's records: 30-48 ms as UTF-8, 8-20 ms this way.
 */
export function decodeText(bytes: Buffer, start = 0, end = bytes.length): string {
  const ascii = isAscii(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
  return bytes.toString(ascii ? "latin1" : "utf8", start, end);
}

/** A file's text, read as UTF-8 (decodeText). */
export function readText(file: string | number): string {
  return decodeText(readFileSync(file));
}
