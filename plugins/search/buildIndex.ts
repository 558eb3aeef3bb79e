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
import {
  HEADING_ANCESTOR,
  HEADING_OWN,
  HEADING_SECTION,
  defaultAnchor,
  encodePostings,
  hashText,
  makeWeight,
  type ContentFile,
  type PageRow,
  type RecordRow,
  type RecordsFile,
  type SearchManifest,
  type TermsFile,
} from "../../src/core/search/indexFormat.ts";
import { STOP_WORDS, indexTerms } from "../../src/core/search/tokenize.ts";
import type { SearchSection } from "../../src/core/search/types.ts";

export interface SearchPageInput {
  /** Route path, e.g. "/pg-sql2/api/sql-identifier". */
  url: string;
  pluginId: string;
  /** The section's name (hierarchy lvl0). */
  sectionLabel: string;
  pageTitle: string;
  /** The page's intro and h2/h3 sections, as the compile's facts give them (`PageFacts.searchSections`). */
  sections: readonly SearchSection[];
  /** The page's docs version, for the docs-tag facet (default: the index's version). */
  version?: string;
}

export interface BuildSearchIndexOptions {
  /** Folder of the index files inside the build (default "search-index"). Must match the runtime. */
  dir?: string;
  /** Approximate size (characters) of a term shard before a new one starts at the next first letter. */
  termShardSize?: number;
  /** Approximate size (characters) of a content shard. */
  contentShardSize?: number;
  /** Section text longer than this is cut in the stored content (it is still indexed in full). */
  maxStoredContent?: number;
  /** Version name for the docs-tag facet (default "current"). */
  version?: string;
}

/** Default approximate shard sizes, in characters (see buildSearchIndex). */
export const TERM_SHARD_SIZE = 4_000;
export const CONTENT_SHARD_SIZE = 2_000;

/** A section as the index sees it. */
export interface SearchRecord {
  page: number;
  level: 1 | 2 | 3;
  heading: string;
  anchor: string | null;
  text: string;
}

/** Section index pages ("/pg-sql2") rank above pages deeper down on ties. */
function pageRank(url: string): number {
  const depth = url.split("/").filter(Boolean).length;
  if (depth <= 1) return 2;
  if (/\/api$/.test(url)) return 1;
  return 0;
}

/** Pages → records, in page order then section order. */
export function pagesToRecords(pages: readonly SearchPageInput[]): SearchRecord[] {
  const records: SearchRecord[] = [];
  pages.forEach((page, pageIndex) => {
    for (const section of page.sections) {
      if (section.level === 1) {
        records.push({ page: pageIndex, level: 1, heading: page.pageTitle, anchor: null, text: section.text });
      } else if (section.heading || section.text) {
        records.push({ page: pageIndex, level: section.level, heading: section.heading, anchor: section.anchor, text: section.text });
      }
    }
  });
  return records;
}

function headingTerms(map: Map<string, number>, text: string, headingClass: number) {
  for (const term of indexTerms(text)) {
    if ((map.get(term) ?? 0) < headingClass) map.set(term, headingClass);
  }
}

export function buildSearchIndex(
  pages: readonly SearchPageInput[],
  options: BuildSearchIndexOptions = {},
): Map<string, string | Uint8Array> {
  const dir = options.dir ?? SEARCH_INDEX_DIR;
  // Small shards: a first query downloads its words' shards and one content shard per hit shown
  // (up to 20, each holding a few neighbouring records). On this site's index, 16,000/6,000
  // made the heaviest first query fetch 53 KB gzip, 4,000/2,000 makes it 26 KB (1,500 saved no
  // more and wrote a third more files: 8,000 content files for 2,000 pages).
  const termShardSize = options.termShardSize ?? TERM_SHARD_SIZE;
  const contentShardSize = options.contentShardSize ?? CONTENT_SHARD_SIZE;
  const maxStoredContent = options.maxStoredContent ?? 3_000;
  const version = options.version ?? "current";

  // Sections (lvl0) in first-seen order, each with the docs tag of its plugin.
  const sections: { label: string; tag: string }[] = [];
  const sectionIndex = new Map<string, number>();
  const pageSection = pages.map((page) => {
    const key = `${page.sectionLabel}\u0000${page.pluginId}\u0000${page.version ?? version}`;
    let index = sectionIndex.get(key);
    if (index === undefined) {
      index = sections.length;
      sections.push({ label: page.sectionLabel, tag: docsTagFor(page.pluginId, page.version ?? version) });
      sectionIndex.set(key, index);
    }
    return index;
  });

  const records = pagesToRecords(pages);

  // Postings: term → parallel arrays of record ids (ascending) and weights.
  const postings = new Map<string, { ids: number[]; weights: number[] }>();
  let lastH2 = "";
  records.forEach((record, id) => {
    const page = pages[record.page]!;
    const headings = new Map<string, number>();
    headingTerms(headings, page.sectionLabel, HEADING_SECTION);
    if (record.level === 1) {
      lastH2 = "";
    } else {
      headingTerms(headings, page.pageTitle, HEADING_ANCESTOR);
      if (record.level === 3 && lastH2) headingTerms(headings, lastH2, HEADING_ANCESTOR);
      if (record.level === 2) lastH2 = record.heading;
    }
    headingTerms(headings, record.heading, HEADING_OWN);
    const counts = new Map<string, number>();
    for (const term of indexTerms(record.text)) {
      // Stop words are optional in queries: in text they would only take room. In headings they
      // stay, so "How it works" or "The future" can be found word for word.
      if (STOP_WORDS.has(term) && !headings.has(term)) continue;
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    for (const term of headings.keys()) if (!counts.has(term)) counts.set(term, 0);
    for (const [term, count] of counts) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = { ids: [], weights: [] }));
      list.ids.push(id);
      list.weights.push(makeWeight(headings.get(term) ?? 0, count));
    }
  });

  const files = new Map<string, string | Uint8Array>();
  const put = (stem: string, data: unknown): string => {
    const json = JSON.stringify(data);
    const path = `${dir}/${stem}.${hashText(json)}.json`;
    files.set(path, json);
    return path;
  };

  // Records file: pages with their sections; the intro record of each page is implicit.
  const pageRows: PageRow[] = pages.map((page, index) => [page.url, pageSection[index]!, page.pageTitle, pageRank(page.url), []]);
  for (const record of records) {
    if (record.level === 1) continue;
    const row: RecordRow = [record.level, record.heading];
    const anchor = record.anchor ?? "";
    if (anchor !== defaultAnchor(record.heading)) row.push(anchor);
    pageRows[record.page]![4].push(row);
  }
  const recordsFile: RecordsFile = { pages: pageRows };
  const recordsPath = put("records", recordsFile);

  // Term shards: words sorted, cut at a first-letter boundary once a shard is big enough.
  const terms = [...postings.keys()].sort();
  const termShards: SearchManifest["terms"] = [];
  let shard: TermsFile = { t: [], p: [] };
  let shardSize = 0;
  let shardStart = "";
  let lastFirst = "";
  const flushTerms = () => {
    if (shard.t.length === 0) return;
    // The first shard also covers anything sorting before its first word.
    termShards.push({ first: termShards.length === 0 ? "" : shardStart, file: put(`terms-${termShards.length}`, shard) });
    shard = { t: [], p: [] };
    shardSize = 0;
  };
  for (const term of terms) {
    // Shards are cut only where the first letter changes, so a word, its prefixes' expansions
    // and its one-typo neighbours (same first letter) always sit in one shard.
    const first = String.fromCodePoint(term.codePointAt(0)!);
    if (shard.t.length > 0 && shardSize >= termShardSize && first !== lastFirst) flushTerms();
    if (shard.t.length === 0) shardStart = first;
    const list = postings.get(term)!;
    const encoded = encodePostings(list.ids, list.weights);
    shard.t.push(term);
    shard.p.push(encoded);
    shardSize += term.length + encoded.length + 6;
    lastFirst = first;
  }
  flushTerms();

  // Content shards: section text for snippets, fetched only for the hits shown. Every shard holds
  // the same number of records, so the manifest needs no list of them.
  const stored = records.map((record) =>
    record.text.length > maxStoredContent ? `${record.text.slice(0, maxStoredContent)}…` : record.text,
  );
  const averageSize = stored.reduce((sum, text) => sum + text.length + 3, 0) / Math.max(1, stored.length);
  const perShard = Math.max(1, Math.round(contentShardSize / Math.max(1, averageSize)));
  const contentFiles: string[] = [];
  for (let start = 0; start < stored.length; start += perShard) {
    const file: ContentFile = { start, c: stored.slice(start, start + perShard) };
    contentFiles.push(JSON.stringify(file));
  }
  const contentHash = hashText(contentFiles.join("\n"));
  const contentPrefix = `${dir}/content-`;
  contentFiles.forEach((json, n) => files.set(`${contentPrefix}${n}.${contentHash}.json`, json));

  const manifest: SearchManifest = {
    version: SEARCH_INDEX_FORMAT_VERSION,
    language: SEARCH_LANGUAGE,
    pageCount: pages.length,
    recordCount: records.length,
    sections,
    records: recordsPath,
    terms: termShards,
    content: { prefix: contentPrefix, hash: contentHash, perShard, count: contentFiles.length },
  };
  files.set(dir === SEARCH_INDEX_DIR ? SEARCH_MANIFEST_FILE : `${dir}/manifest.json`, JSON.stringify(manifest));
  return files;
}
