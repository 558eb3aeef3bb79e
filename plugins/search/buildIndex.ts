/**
 * Build-time search index: each page's heading sections (from the Markdown compile, see
 * src/node/markdown/searchSections.ts) in, index files out (relative path → contents).
 * Pure: no fs, no DOM. The build writes the files under build/, the dev server serves them.
 *
 * One record per heading section (the page intro is the lvl1 record, then one per h2/h3), with the
 * DocSearch hierarchy (lvl0 section, lvl1 page title, lvl2/lvl3 headings), its URL with anchor,
 * language `en` and the docs-tag facet `docs-<pluginId>-current`. See src/core/search/indexFormat.ts
 * for the file layout.
 */
import {
  SEARCH_INDEX_DIR,
  SEARCH_INDEX_FORMAT_VERSION,
  SEARCH_LANGUAGE,
  SEARCH_MANIFEST_FILE,
  docsTagFor,
} from "../../src/core/search/constants.ts";
import { defaultAnchor, type ContentFile, type HitRow, type HitsFile, type SearchManifest } from "../../src/core/search/indexFormat.ts";
import type { SearchSection } from "../../src/core/search/types.ts";
import { itemsToMake, planSeries, putSeries, type BlockReuse, type SeriesReuse } from "./seriesBlocks.ts";
import { collectPostings, putTermShards, type PageTermsCache } from "./terms.ts";
import type { SearchPageInput, SearchRecord } from "./types.ts";

export type { SearchPageInput, SearchRecord } from "./types.ts";
export type { PageTerms, PageTermsCache } from "./terms.ts";

export interface BuildSearchIndexOptions {
  /** Folder of the index files inside the build (default "search-index"). Must match the runtime. */
  dir?: string;
  /** Approximate size (characters) of a term shard (see putTermShards). */
  termShardSize?: number;
  /** Records per hits file. */
  rowsPerFile?: number;
  /** Records per content file. */
  textsPerFile?: number;
  /** Characters of a section's text kept with its hit row for snippets (cut at a space). */
  leadChars?: number;
  /** Section text longer than this is cut in the stored content (it is still indexed in full). */
  maxStoredContent?: number;
  /** Version name for the docs-tag facet (default "current"). */
  version?: string;
  /** Pages' words counted by an earlier build (see termCache.ts): the same index, sooner. */
  termCache?: PageTermsCache;
  /**
   * Blocks of hit and content files an earlier build made, with the last output's files (see
   * seriesBlocks.ts): a block made from the same records is kept, its files left out of those
   * returned. `pageKey` tells pages apart by everything their records follow from.
   */
  reuse?: { blocks: BlockReuse; pageKey(page: SearchPageInput): string };
  /** The sections of a page sent without them (SearchPageInput.stored), read when they are needed. */
  loadSections?(page: SearchPageInput): readonly SearchSection[];
}

/**
 * Defaults, chosen on this site's index and a generated 10,100-page one: a first query fetches
 * its words' term shards, then a file per hit shown and per snippet that is not in the start of
 * its section's text. One record per file: shards of neighbouring records made a first query
 * download 18-34 KB where one per file makes it 12 KB (the hits of a query seldom neighbour).
 */
export const TERM_SHARD_SIZE = 2_000;
export const ROWS_PER_FILE = 1;
export const TEXTS_PER_FILE = 1;
/**
 * From this many records, four to a file: a file each cost the 2,000-page corpus 33,000 files, and
 * making a file costs about a millisecond of system time on the build machine's disk (38 s of its
 * build). What a query downloads there has room for it (37.8 KB at p95 on 10,100 pages, of 100).
 */
export const LARGE_INDEX_RECORDS = 4_000;
export const LARGE_INDEX_RECORDS_PER_FILE = 4;
export const LEAD_CHARS = 300;

/** Section index pages ("/pg-sql2") rank above pages deeper down on ties. */
export function pageRank(url: string): number {
  const depth = url.split("/").filter(Boolean).length;
  if (depth <= 1) return 2;
  if (/\/api$/.test(url)) return 1;
  return 0;
}

/** One page's records, in section order: its intro, then each h2/h3 section with a heading or text. */
function recordsOfPage(page: SearchPageInput, pageIndex: number, sections: readonly SearchSection[]): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const section of sections) {
    if (section.level === 1) {
      records.push({ page: pageIndex, level: 1, heading: page.pageTitle, anchor: null, text: section.text });
    } else if (section.heading || section.text) {
      records.push({ page: pageIndex, level: section.level, heading: section.heading, anchor: section.anchor, text: section.text });
    }
  }
  return records;
}

/** Pages → records, in page order then section order. */
export function pagesToRecords(pages: readonly SearchPageInput[]): SearchRecord[] {
  return pages.flatMap((page, pageIndex) => recordsOfPage(page, pageIndex, page.sections ?? []));
}

/**
 * The records of `pages`, each page's from its sections, or, for a page sent without them whose
 * words `cache` holds, stand-ins as many as its records (their text unknown): a compiled page's
 * sections open with its intro (searchSections.ts), so its records are identified by its key
 * alone, and its sections are read only when a file of its records is made (loadRecords).
 */
function recordsOrStandIns(pages: readonly SearchPageInput[], load: (page: SearchPageInput) => readonly SearchSection[], cache: PageTermsCache | undefined) {
  const known = pages.map((page, p) => {
    const count = page.sections || !cache ? 0 : (cache.get(page)?.r.length ?? 0);
    return count > 0 ? count : recordsOfPage(page, p, load(page));
  });
  // Headings carry over from the page before one that opens without its intro (see hitRows): all are read.
  const carriesOver = known.some((records) => typeof records !== "number" && records.length > 0 && records[0]!.level !== 1);
  const byPage = known.map((records, p) => (carriesOver && typeof records === "number" ? recordsOfPage(pages[p]!, p, load(pages[p]!)) : records));
  const records: SearchRecord[] = [];
  const firstOf: number[] = [];
  const isStandIn: boolean[] = [];
  byPage.forEach((page, p) => {
    firstOf.push(records.length);
    isStandIn.push(typeof page === "number");
    if (typeof page !== "number") records.push(...page);
    else for (let k = 0; k < page; k++) records.push({ page: p, level: k === 0 ? 1 : 2, heading: "", anchor: null, text: "" });
  });
  /** Reads the sections of the stand-ins' pages among records [start, end). */
  const loadRecords = (start: number, end: number) => {
    for (let id = start; id < end; id++) {
      const p = records[id]!.page;
      if (!isStandIn[p]) continue;
      const read = recordsOfPage(pages[p]!, p, load(pages[p]!));
      if (read.length !== byPage[p]) throw new Error(`search: ${pages[p]!.url} has ${read.length} records, where its stored words count ${byPage[p]}`);
      records.splice(firstOf[p]!, read.length, ...read);
      isStandIn[p] = false;
    }
  };
  return { records, loadRecords, isRead: (id: number) => !isStandIn[records[id]!.page] };
}

/** What a hit row of a record says about its anchor (see HitRow). */
function storedAnchor(record: SearchRecord): string | 0 {
  if (record.level === 1) return "";
  const anchor = record.anchor ?? "";
  return anchor === defaultAnchor(record.heading) ? 0 : anchor;
}

/** The start of a section's text, cut at a space, for snippets that need no more. */
export function leadOf(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.lastIndexOf(" ", chars);
  return cut > 0 ? text.slice(0, cut) : "";
}

/** Hit rows of the records read (the rest left undefined): what a hit shows, the start of its text included. */
function hitRows(pages: readonly SearchPageInput[], records: readonly SearchRecord[], stored: readonly (string | undefined)[], leadChars: number): (HitRow | undefined)[] {
  let parent = "";
  let seen = new Map<string, number>();
  return records.map((record, id): HitRow | undefined => {
    const page = pages[record.page]!;
    const text = stored[id];
    if (text === undefined) return undefined;
    if (record.level === 1) seen = new Map();
    if (record.level !== 3) parent = record.level === 2 ? record.heading : "";
    const anchor = record.level === 1 ? "" : record.anchor || "";
    const nth = (seen.get(anchor) ?? 0) + 1;
    seen.set(anchor, nth);
    const lead = leadOf(text, leadChars);
    const heading = record.level === 1 ? "" : record.heading;
    return [page.url, page.pageTitle, record.level, heading, record.level === 3 ? parent : "", storedAnchor(record), nth, lead, lead.length < text.length ? 1 : 0];
  });
}

/** Records of pages that rank above others on ties, as runs [first, end, rank]. */
function rankedRuns(pages: readonly SearchPageInput[], records: readonly SearchRecord[]): SearchManifest["ranked"] {
  const runs: SearchManifest["ranked"] = [];
  records.forEach((record, id) => {
    const rank = pageRank(pages[record.page]!.url);
    if (rank === 0) return;
    const last = runs[runs.length - 1];
    if (last && last[1] === id && last[2] === rank) last[1] = id + 1;
    else runs.push([id, id + 1, rank]);
  });
  return runs;
}

/**
 * What a record's hit row and text follow from: its page (by key and URL) and its place in the
 * page. A page whose records do not start with its intro carries headings over from the page
 * before it: its records are left unidentified, so their blocks are always made.
 */
function seriesReuse(pages: readonly SearchPageInput[], records: readonly SearchRecord[], reuse: NonNullable<BuildSearchIndexOptions["reuse"]>, salt: string): SeriesReuse {
  const identities: (string | undefined)[] = [];
  let inPage = 0;
  let pageKey: string | undefined;
  records.forEach((record, id) => {
    const startsPage = id === 0 || records[id - 1]!.page !== record.page;
    if (startsPage) {
      inPage = 0;
      const page = pages[record.page]!;
      pageKey = record.level === 1 ? `${reuse.pageKey(page)}\u0000${page.url}` : undefined;
    }
    identities.push(pageKey === undefined ? undefined : `${pageKey}\u0000${inPage++}`);
  });
  return { blocks: reuse.blocks, identity: (item) => identities[item], salt };
}

export function buildSearchIndex(
  input: readonly SearchPageInput[],
  options: BuildSearchIndexOptions = {},
): Map<string, string | Uint8Array> {
  const dir = options.dir ?? SEARCH_INDEX_DIR;
  const termShardSize = options.termShardSize ?? TERM_SHARD_SIZE;
  const leadChars = options.leadChars ?? LEAD_CHARS;
  const maxStoredContent = options.maxStoredContent ?? 3_000;
  const version = options.version ?? "current";

  // Sections (lvl0) in first-seen order, each with the docs tag of its plugin; the pages of a
  // section are numbered together, so a record's section follows from its number.
  const sectionKeys: string[] = [];
  const sections: SearchManifest["sections"] = [];
  const sectionOf = (page: SearchPageInput) => {
    const key = `${page.sectionLabel}\u0000${page.pluginId}\u0000${page.version ?? version}`;
    let index = sectionKeys.indexOf(key);
    if (index < 0) {
      index = sectionKeys.push(key) - 1;
      sections.push({ label: page.sectionLabel, tag: docsTagFor(page.pluginId, page.version ?? version), end: 0 });
    }
    return index;
  };
  const inputSection = input.map(sectionOf);
  const order = input.map((_, i) => i).sort((a, b) => inputSection[a]! - inputSection[b]! || a - b);
  const pages = order.map((i) => input[i]!);
  const load = (page: SearchPageInput) => {
    if (page.sections) return page.sections;
    if (!options.loadSections) throw new Error(`search: ${page.url} came without its sections, and the index has no way to read them`);
    return options.loadSections(page);
  };
  // Stand-ins only where files may be kept: without reuse every file is made from every record.
  const { records, loadRecords, isRead } = recordsOrStandIns(pages, load, options.reuse && options.termCache);
  const large = records.length >= LARGE_INDEX_RECORDS;
  const rowsPerFile = options.rowsPerFile ?? (large ? LARGE_INDEX_RECORDS_PER_FILE : ROWS_PER_FILE);
  const textsPerFile = options.textsPerFile ?? (large ? LARGE_INDEX_RECORDS_PER_FILE : TEXTS_PER_FILE);
  records.forEach((record, id) => (sections[inputSection[order[record.page]!]!]!.end = id + 1));
  // A section whose pages hold no record ends where the one before it ends.
  sections.forEach((section, s) => (section.end = Math.max(section.end, sections[s - 1]?.end ?? 0)));

  const postings = collectPostings(pages, records, options.termCache);
  const files = new Map<string, string | Uint8Array>();
  const terms = putTermShards(files, `${dir}/terms-`, postings, termShardSize);

  const reuse = options.reuse && seriesReuse(pages, records, options.reuse, JSON.stringify([leadChars, maxStoredContent]));
  const hitPlan = planSeries(`${dir}/hits-`, records.length, rowsPerFile, reuse);
  const contentPlan = planSeries(`${dir}/content-`, records.length, textsPerFile, reuse);
  for (const [start, end] of [...itemsToMake(hitPlan, records.length), ...itemsToMake(contentPlan, records.length)]) loadRecords(start, end);
  const stored = records.map((record, id) => {
    if (!isRead(id)) return undefined;
    return record.text.length > maxStoredContent ? `${record.text.slice(0, maxStoredContent)}…` : record.text;
  });
  const rows = hitRows(pages, records, stored, leadChars);
  const hits = putSeries(files, hitPlan, rows, (start, r: HitRow[]): HitsFile => ({ start, r }), undefined, reuse);
  // A hit row holds the start of the text: a content file, only what follows it.
  const rests = stored.map((text, id) => (text === undefined ? undefined : text.slice(rows[id]![7].length)));
  // A record whose text ends within its lead is never looked up (its hit row says so): a file
  // holding only such records is left out, 279 of this site's 777, each a file made for nothing.
  const onlyLeads = (n: number) => rests.slice(n * textsPerFile, (n + 1) * textsPerFile).every((rest) => rest === "");
  const content = putSeries(files, contentPlan, rests, (start, c: string[]): ContentFile => ({ start, c }), onlyLeads, reuse);

  const manifest: SearchManifest = {
    version: SEARCH_INDEX_FORMAT_VERSION,
    language: SEARCH_LANGUAGE,
    pageCount: pages.length,
    recordCount: records.length,
    sections,
    ranked: rankedRuns(pages, records),
    terms,
    hits,
    content,
  };
  files.set(dir === SEARCH_INDEX_DIR ? SEARCH_MANIFEST_FILE : `${dir}/manifest.json`, JSON.stringify(manifest));
  return files;
}
