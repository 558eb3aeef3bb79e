/**
 * What the engine knows of every record before any query: its section and page rank, both read
 * from the manifest (records are numbered section by section). Everything else about a record
 * comes from the postings of the query's words or from its hit row, fetched only when needed.
 */
import { defaultAnchor, type HitRow, type SearchManifest } from "./indexFormat.ts";

export interface Index {
  manifest: SearchManifest;
  /** Per record: its section (an index into manifest.sections). */
  recSection: Int32Array;
  /** Per record: its page's rank (section index pages first on ties). */
  recRank: Uint8Array;
}

/** Scores and record ids share one exact double: score * ID_BITS + id (scores stay below 2^33). */
export const ID_BITS = 2 ** 20;

export function invalid(what: string): Error {
  return new Error(`Search index: ${what} is not in the expected format`);
}

export function buildIndex(manifest: SearchManifest, manifestPath: string): Index {
  const { recordCount, sections, ranked } = manifest;
  if (!Number.isInteger(recordCount) || !Array.isArray(sections) || !Array.isArray(ranked)) throw invalid(manifestPath);
  if (recordCount >= ID_BITS) throw new Error(`Search index: ${recordCount} records is more than the ${ID_BITS - 1} supported`);
  const index: Index = { manifest, recSection: new Int32Array(recordCount), recRank: new Uint8Array(recordCount) };
  let start = 0;
  sections.forEach((section, s) => {
    index.recSection.fill(s, start, section.end);
    start = section.end;
  });
  for (const [first, end, rank] of ranked) index.recRank.fill(rank, first, end);
  return index;
}

export function anchorOfRow(row: HitRow): string | null {
  const [, , , heading, , anchor] = row;
  if (anchor === 0) return defaultAnchor(heading) || null;
  return anchor || null;
}

/** The record's heading: its own, or the page title for a page intro. */
export function headingOfRow(row: HitRow): string {
  return row[2] === 1 ? row[1] : row[3];
}

/** A hit's id: its URL, with a counter when an earlier section of the page has the same one. */
export function objectIdOfRow(row: HitRow): string {
  const anchor = anchorOfRow(row);
  const base = anchor ? `${row[0]}#${anchor}` : row[0];
  return row[6] > 1 ? `${base}~${row[6]}` : base;
}
