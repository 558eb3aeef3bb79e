/**
 * The record table the engine searches: the records file (pages and their sections) unpacked
 * into parallel arrays, one entry per record (a page intro, an h2 or an h3 section).
 */
import { defaultAnchor, type RecordsFile, type SearchManifest } from "./indexFormat.ts";

export interface Index {
  manifest: SearchManifest;
  pageUrl: string[];
  pageSection: Int32Array;
  pageTitle: string[];
  pageRank: Uint8Array;
  recPage: Int32Array;
  recLevel: Uint8Array;
  recHeading: string[];
  recParent: (string | null)[];
  /** The anchor as stored (undefined: the heading's default slug; null: none). */
  recAnchor: (string | null | undefined)[];
  atoms: (string[] | undefined)[];
  wholes: (string[] | undefined)[];
}

/** Scores and record ids share one exact double: score * ID_BITS + id (scores stay below 2^33). */
export const ID_BITS = 2 ** 20;

export function invalid(what: string): Error {
  return new Error(`Search index: ${what} is not in the expected format`);
}

export function buildIndex(manifest: SearchManifest, file: RecordsFile): Index {
  if (!file || !Array.isArray(file.pages)) throw invalid(manifest.records);
  const pageCount = file.pages.length;
  const recordCount = file.pages.reduce((sum, page) => sum + 1 + page[4].length, 0);
  if (recordCount >= ID_BITS) throw new Error(`Search index: ${recordCount} records is more than the ${ID_BITS - 1} supported`);
  const index: Index = {
    manifest,
    pageUrl: new Array(pageCount),
    pageSection: new Int32Array(pageCount),
    pageTitle: new Array(pageCount),
    pageRank: new Uint8Array(pageCount),
    recPage: new Int32Array(recordCount),
    recLevel: new Uint8Array(recordCount),
    recHeading: new Array(recordCount),
    recParent: new Array(recordCount),
    recAnchor: new Array(recordCount),
    atoms: new Array(recordCount),
    wholes: new Array(recordCount),
  };
  let rec = 0;
  file.pages.forEach(([url, section, title, rank, sections], page) => {
    index.pageUrl[page] = url;
    index.pageSection[page] = section;
    index.pageTitle[page] = title;
    index.pageRank[page] = rank;
    index.recPage[rec] = page;
    index.recLevel[rec] = 1;
    index.recHeading[rec] = title;
    index.recParent[rec] = null;
    index.recAnchor[rec] = null;
    rec++;
    let h2: string | null = null;
    for (const [level, heading, anchor] of sections) {
      index.recPage[rec] = page;
      index.recLevel[rec] = level;
      index.recHeading[rec] = heading;
      index.recParent[rec] = level === 3 ? h2 : null;
      index.recAnchor[rec] = anchor === undefined ? undefined : anchor || null;
      if (level === 2) h2 = heading;
      rec++;
    }
  });
  return index;
}

export function anchorOf(index: Index, record: number): string | null {
  const stored = index.recAnchor[record];
  if (stored !== undefined) return stored;
  return defaultAnchor(index.recHeading[record]!) || null;
}

/** A hit's id: its URL, with a counter when an earlier section of the page has the same one. */
export function objectIdOf(index: Index, record: number): string {
  const page = index.recPage[record]!;
  const anchor = anchorOf(index, record);
  const base = anchor ? `${index.pageUrl[page]}#${anchor}` : index.pageUrl[page]!;
  let same = 0;
  for (let other = record - 1; other >= 0 && index.recPage[other] === page; other--) {
    if (anchorOf(index, other) === anchor) same++;
  }
  return same ? `${base}~${same + 1}` : base;
}
