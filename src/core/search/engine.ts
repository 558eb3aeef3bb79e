/**
 * The local search engine: reads the index files through an injected `fetchJson` (nothing is
 * loaded until the first query or `preload()`), then answers queries with DocSearch-shaped hits.
 *
 * Matching: words of the query must all be found (stop words are optional); the last word also
 * matches as a prefix while it is being typed; a word of 4+ letters that the index does not
 * contain matches words one typo away. When nothing holds every word, records holding some of
 * them are returned, those holding more first.
 *
 * Ranking, most important first: words matched · fewer typos · contextual boost (optional
 * filters) · how well the record's own heading equals the query · which headings hold the words
 * (own heading > enclosing heading > section name) · words matched exactly rather than as a
 * prefix · page intro before h2 before h3 · how often the text holds the words · optional words
 * matched · section index pages first · index order.
 */
import {
  DOCS_TAG_FACET,
  LANGUAGE_FACET,
  SEARCH_HITS_PER_PAGE,
  SEARCH_MANIFEST_FILE,
  SEARCH_MAX_PREFIX_EXPANSIONS,
  SEARCH_MAX_QUERY_WORDS,
  SEARCH_MIN_WORD_LENGTH_FOR_TYPO,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SNIPPET_WORDS,
} from "./constants.ts";
import { filtersHold, optionalScore, sectionFacets, withoutAttribute } from "./facets.ts";
import { prefixWithinOneTypo, withinOneTypo } from "./fuzzy.ts";
import { highlight, snippet, type HighlightTags, type WordMatch, type WordMatcher } from "./highlight.ts";
import {
  HEADING_OWN,
  contentShardFile,
  countPostings,
  decodePostings,
  defaultAnchor,
  headingClassOf,
  textClassOf,
  type ContentFile,
  type RecordsFile,
  type SearchManifest,
  type TermsFile,
} from "./indexFormat.ts";
import { atomTerms, parseQuery, tokenize, type QueryWord } from "./tokenize.ts";
import type {
  FetchJson,
  HierarchyHighlight,
  Hierarchy,
  HitType,
  SearchBackend,
  SearchHit,
  SearchRequest,
  SearchResponse,
} from "./types.ts";

export interface LocalSearchOptions {
  fetchJson: FetchJson;
  /** Path of the manifest, relative to the site root as given to fetchJson. */
  manifestPath?: string;
  /** Clock for processingTimeMS (injected to keep this module free of globals). */
  now?: () => number;
}

export interface LocalSearch extends SearchBackend {
  /** Loads the manifest and the record table (not the term or content shards). */
  preload(): Promise<void>;
  /** Numbers about the loaded index (for benchmarks and tests). */
  stats(): Promise<{ pages: number; records: number; termShards: number; contentShards: number }>;
}

interface Index {
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

interface Expansion {
  term: string;
  typo: boolean;
  exact: boolean;
  /** Characters to highlight: the typed prefix, or null for the whole word. */
  markLength: number | null;
}

interface Postings {
  ids: Int32Array;
  weights: Uint8Array;
}

/** Scores and record ids share one exact double: score * ID_BITS + id (scores stay below 2^33). */
const ID_BITS = 2 ** 20;

/** Remembers a promise, forgetting it when it fails so the next call tries again. */
function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}

function memoByKey<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (key) => {
    let pending = cache.get(key);
    if (!pending) {
      pending = load(key);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}

function invalid(what: string): Error {
  return new Error(`Search index: ${what} is not in the expected format`);
}

function buildIndex(manifest: SearchManifest, file: RecordsFile): Index {
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

function anchorOf(index: Index, record: number): string | null {
  const stored = index.recAnchor[record];
  if (stored !== undefined) return stored;
  return defaultAnchor(index.recHeading[record]!) || null;
}

/** A hit's id: its URL, with a counter when an earlier section of the page has the same one. */
function objectIdOf(index: Index, record: number): string {
  const page = index.recPage[record]!;
  const anchor = anchorOf(index, record);
  const base = anchor ? `${index.pageUrl[page]}#${anchor}` : index.pageUrl[page]!;
  let same = 0;
  for (let other = record - 1; other >= 0 && index.recPage[other] === page; other--) {
    if (anchorOf(index, other) === anchor) same++;
  }
  return same ? `${base}~${same + 1}` : base;
}

/** Index of the term shard that holds words starting like `term`. */
function shardOf(manifest: SearchManifest, term: string): number {
  let lo = 0;
  let hi = manifest.terms.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (manifest.terms[mid]!.first <= term) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function lowerBound(list: readonly string[], term: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entry counts of a shard's words, worked out once per word when first needed. */
const entryCounts = new WeakMap<TermsFile, Int32Array>();
function entryCount(shard: TermsFile, i: number): number {
  let counts = entryCounts.get(shard);
  if (!counts) entryCounts.set(shard, (counts = new Int32Array(shard.t.length).fill(-1)));
  if (counts[i]! < 0) counts[i] = countPostings(shard.p[i]!);
  return counts[i]!;
}

/** Dictionary words a query word matches. */
function expand(word: QueryWord, shard: TermsFile): Expansion[] {
  const { t: terms } = shard;
  const out: Expansion[] = [];
  const at = lowerBound(terms, word.term);
  if (terms[at] === word.term) out.push({ term: word.term, typo: false, exact: true, markLength: null });
  if (word.prefix) {
    const longer: { term: string; count: number }[] = [];
    for (let i = terms[at] === word.term ? at + 1 : at; i < terms.length && terms[i]!.startsWith(word.term); i++) {
      longer.push({ term: terms[i]!, count: entryCount(shard, i) });
    }
    longer.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : 1));
    for (const { term } of longer.slice(0, SEARCH_MAX_PREFIX_EXPANSIONS)) {
      out.push({ term, typo: false, exact: false, markLength: word.term.length });
    }
  }
  // One typo, for longer words the index does not know as typed.
  if (out.length === 0 && word.term.length >= SEARCH_MIN_WORD_LENGTH_FOR_TYPO) {
    const first = word.term[0]!;
    const start = lowerBound(terms, first);
    const near: { term: string; count: number }[] = [];
    for (let i = start; i < terms.length && terms[i]!.startsWith(first); i++) {
      const term = terms[i]!;
      const close = word.prefix ? prefixWithinOneTypo(word.term, term) : withinOneTypo(word.term, term);
      if (close) near.push({ term, count: entryCount(shard, i) });
    }
    near.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : 1));
    for (const { term } of near.slice(0, SEARCH_MAX_PREFIX_EXPANSIONS)) {
      // A whole word one typo away is a correction; a longer word is a completion of one.
      out.push({ term, typo: true, exact: withinOneTypo(word.term, term), markLength: null });
    }
  }
  return out;
}

/** What a heading word must be to stand for a query word: the word itself or a one-typo
 * correction of it, or (for the word being typed) any word it begins. */
interface WordForms {
  whole: ReadonlySet<string>;
  prefix: ((term: string) => boolean) | null;
}

function wordForms(word: QueryWord, expansions: readonly Expansion[]): WordForms {
  const whole = new Set<string>([word.term]);
  const completions = new Set<string>();
  for (const expansion of expansions) {
    if (expansion.exact) whole.add(expansion.term);
    else completions.add(expansion.term);
  }
  return {
    whole,
    prefix: word.prefix ? (term) => term.startsWith(word.term) || completions.has(term) : null,
  };
}

function sequenceEquals(sequence: readonly string[], forms: readonly WordForms[], offset: number, prefixLast: boolean): boolean {
  for (let i = 0; i < forms.length; i++) {
    const have = sequence[offset + i];
    const want = forms[i]!;
    if (have === undefined) return false;
    if (want.whole.has(have)) continue;
    if (prefixLast && i === forms.length - 1 && want.prefix?.(have)) continue;
    return false;
  }
  return true;
}

/**
 * How well a heading equals the query: 5 word for word; 4 word for word once a leading namespace
 * (`sql.`, `te.`) is dropped; 3 word for word with the last word completed; 2 both of these;
 * 1 the heading contains the query's words in a row; 0 otherwise. A typo-corrected word counts.
 */
function headingMatch(forms: readonly WordForms[], sequences: readonly (readonly string[])[]): number {
  let best = 0;
  for (const seq of sequences) {
    const n = forms.length;
    if (seq.length === n && sequenceEquals(seq, forms, 0, false)) return 5;
    if (seq.length === n + 1 && sequenceEquals(seq, forms, 1, false)) best = Math.max(best, 4);
    else if (seq.length === n && sequenceEquals(seq, forms, 0, true)) best = Math.max(best, 3);
    else if (seq.length === n + 1 && sequenceEquals(seq, forms, 1, true)) best = Math.max(best, 2);
    else if (best < 1) {
      for (let offset = 0; offset + n <= seq.length; offset++) {
        if (sequenceEquals(seq, forms, offset, true)) {
          best = 1;
          break;
        }
      }
    }
  }
  return best;
}

function emptyHighlight(): HierarchyHighlight {
  const none = () => ({ value: "", matchLevel: "none" as const, matchedWords: [] });
  return { lvl0: none(), lvl1: none(), lvl2: none(), lvl3: none(), lvl4: none(), lvl5: none(), lvl6: none() };
}

function snippetWords(request: SearchRequest): number {
  for (const entry of request.attributesToSnippet ?? []) {
    const [attribute, count] = entry.split(":");
    if (attribute === "content" && count && /^\d+$/.test(count)) return Number(count);
  }
  return SEARCH_SNIPPET_WORDS;
}

export function createLocalSearch(options: LocalSearchOptions): LocalSearch {
  const { fetchJson } = options;
  const now = options.now ?? (() => 0);
  const manifestPath = options.manifestPath ?? SEARCH_MANIFEST_FILE;

  const loadIndex = memo(async () => {
    const manifest = (await fetchJson(manifestPath)) as SearchManifest;
    if (!manifest || !Array.isArray(manifest.terms) || !(manifest.content?.perShard > 0) || typeof manifest.records !== "string") {
      throw invalid(manifestPath);
    }
    const records = (await fetchJson(manifest.records)) as RecordsFile;
    return buildIndex(manifest, records);
  });
  const loadTerms = memoByKey(async (file) => {
    const shard = (await fetchJson(file)) as TermsFile;
    if (!shard || !Array.isArray(shard.t) || !Array.isArray(shard.p)) throw invalid(file);
    return shard;
  });
  const loadContent = memoByKey(async (file) => {
    const shard = (await fetchJson(file)) as ContentFile;
    if (!shard || !Array.isArray(shard.c)) throw invalid(file);
    return shard;
  });

  const decoded = new Map<string, Postings>();
  const postingsOf = (shardFile: string, shard: TermsFile, term: string): Postings => {
    const key = `${shardFile}\u0000${term}`;
    let found = decoded.get(key);
    if (found) return found;
    const at = lowerBound(shard.t, term);
    const encoded = shard.t[at] === term ? shard.p[at]! : "";
    const count = countPostings(encoded);
    found = { ids: new Int32Array(count), weights: new Uint8Array(count) };
    let k = 0;
    const target = found;
    decodePostings(encoded, (id, weight) => {
      target.ids[k] = id;
      target.weights[k] = weight;
      k++;
    });
    if (decoded.size > 4000) decoded.clear();
    decoded.set(key, found);
    return found;
  };

  function contentShardOf(index: Index, record: number): string {
    const { content } = index.manifest;
    return contentShardFile(content, Math.floor(record / content.perShard));
  }

  async function search(request: SearchRequest): Promise<SearchResponse> {
    const started = now();
    const query = String(request.query ?? "").slice(0, SEARCH_QUERY_MAX_LENGTH);
    const hitsPerPage = Math.max(1, Math.min(1000, Math.floor(request.hitsPerPage ?? SEARCH_HITS_PER_PAGE)));
    const page = Math.max(0, Math.floor(request.page ?? 0));
    const words = parseQuery(query, SEARCH_QUERY_MAX_LENGTH, SEARCH_MAX_QUERY_WORDS);
    const index = await loadIndex();
    const { manifest } = index;
    const empty: SearchResponse = {
      hits: [],
      nbHits: 0,
      page,
      nbPages: 0,
      hitsPerPage,
      query,
      facets: {},
      processingTimeMS: 0,
      exhaustiveNbHits: true,
    };
    if (words.length === 0 || manifest.terms.length === 0) return empty;

    const shardFiles = words.map((word) => manifest.terms[shardOf(manifest, word.term)]!.file);
    const shards = await Promise.all(shardFiles.map((file) => loadTerms(file)));
    const expansions = words.map((word, i) => expand(word, shards[i]!));

    // Best match of each word in each record: (no typo) 64 + weight * 2 + (exact) 1, or -1.
    const recordCount = index.recPage.length;
    const quality = words.map(() => new Int8Array(recordCount).fill(-1));
    words.forEach((_, i) => {
      const best = quality[i]!;
      for (const expansion of expansions[i]!) {
        const { ids, weights } = postingsOf(shardFiles[i]!, shards[i]!, expansion.term);
        const base = (expansion.typo ? 0 : 64) + (expansion.exact ? 1 : 0);
        for (let k = 0; k < ids.length; k++) {
          const q = base + weights[k]! * 2;
          const id = ids[k]!;
          if (q > best[id]!) best[id] = q;
        }
      }
    });

    const required = words.map((word, i) => (word.optional ? -1 : i)).filter((i) => i >= 0);
    const requiredFound = required.every((i) => expansions[i]!.length > 0);

    // Filters are per section: work them out once per section.
    const facetFilters = request.facetFilters;
    const sectionCount = manifest.sections.length;
    const passes = new Uint8Array(sectionCount);
    const passesWithoutTag = new Uint8Array(sectionCount);
    const boosts = new Uint8Array(sectionCount);
    const otherFilters = withoutAttribute(facetFilters, DOCS_TAG_FACET);
    manifest.sections.forEach((section, s) => {
      const values = sectionFacets(manifest.language, section.tag);
      passes[s] = filtersHold(facetFilters, values) ? 1 : 0;
      passesWithoutTag[s] = filtersHold(otherFilters, values) ? 1 : 0;
      boosts[s] = Math.min(3, optionalScore(request.optionalFilters, values));
    });

    const requiredQuality = required.map((i) => quality[i]!);
    const collect = (allRequired: boolean) => {
      const matched: number[] = [];
      const need = allRequired ? requiredQuality.length : 1;
      for (let id = 0; id < recordCount; id++) {
        let count = 0;
        for (let k = 0; k < requiredQuality.length; k++) if (requiredQuality[k]![id]! >= 0) count++;
        if (count >= need) matched.push(id);
      }
      return matched;
    };
    let candidates = requiredFound ? collect(true) : [];
    if (candidates.length === 0 && required.length > 1) candidates = collect(false);

    const tagCounts: Record<string, number> = {};
    const keys: number[] = [];
    const wordCount = words.length;
    const optionalWord = words.map((word) => word.optional);
    const forms = words.map((word, i) => wordForms(word, expansions[i]!));
    for (const id of candidates) {
      const section = index.pageSection[index.recPage[id]!]!;
      if (!passesWithoutTag[section]) continue;
      const tag = manifest.sections[section]!.tag;
      tagCounts[tag] = (tagCounts[tag] ?? 0) + 1;
      if (!passes[section]) continue;

      let matchedRequired = 0;
      let typos = 0;
      let inHeadings = 0;
      let inText = 0;
      let exact = 0;
      let optional = 0;
      let ownHeading = false;
      for (let i = 0; i < wordCount; i++) {
        const q = quality[i]![id]!;
        if (q < 0) continue;
        if (optionalWord[i]) optional++;
        else matchedRequired++;
        if (q < 64) typos++;
        const weight = (q & 63) >> 1;
        const headingClass = headingClassOf(weight);
        inHeadings += headingClass;
        inText += textClassOf(weight);
        if (q & 1) exact++;
        if (headingClass === HEADING_OWN) ownHeading = true;
      }
      let heading = 0;
      if (ownHeading) {
        let atoms = index.atoms[id];
        let wholes = index.wholes[id];
        if (!atoms || !wholes) {
          const text = index.recHeading[id]!;
          atoms = index.atoms[id] = atomTerms(text);
          wholes = index.wholes[id] = tokenize(text)
            .filter((token) => !token.part)
            .map((token) => token.term);
        }
        heading = headingMatch(forms, [wholes, atoms]);
      }
      const level = index.recLevel[id]!;
      let score = matchedRequired;
      score = score * 16 + (15 - Math.min(15, typos));
      score = score * 4 + boosts[section]!;
      score = score * 8 + heading;
      score = score * 32 + Math.min(31, inHeadings);
      score = score * 16 + Math.min(15, exact);
      score = score * 4 + (4 - level);
      score = score * 32 + Math.min(31, inText);
      score = score * 4 + Math.min(3, optional);
      score = score * 4 + Math.min(3, index.pageRank[index.recPage[id]!]!);
      keys.push(score * ID_BITS + (ID_BITS - 1 - id));
    }
    const sorted = Float64Array.from(keys).sort();
    const nbHits = sorted.length;
    const pageIds: number[] = [];
    const perSection = request.maxHitsPerSection;
    if (perSection && perSection > 0) {
      // At most so many hits of one section, so a short list (the modal) shows other sections
      // too; pages count hits in this order.
      const taken = new Int32Array(sectionCount);
      let skip = page * hitsPerPage;
      for (let k = nbHits - 1; k >= 0 && pageIds.length < hitsPerPage; k--) {
        const id = ID_BITS - 1 - (sorted[k]! % ID_BITS);
        const section = index.pageSection[index.recPage[id]!]!;
        if (taken[section]! >= perSection) continue;
        taken[section]!++;
        if (skip > 0) skip--;
        else pageIds.push(id);
      }
    } else {
      for (let k = nbHits - 1 - page * hitsPerPage; k >= 0 && pageIds.length < hitsPerPage; k--) {
        pageIds.push(ID_BITS - 1 - (sorted[k]! % ID_BITS));
      }
    }

    // Hits of this page: their section text comes from the content shards.
    const contentFiles = [...new Set(pageIds.map((id) => contentShardOf(index, id)))];
    const contents = new Map<string, ContentFile>();
    await Promise.all(contentFiles.map(async (file) => contents.set(file, await loadContent(file))));

    const matchOf = new Map<string, WordMatch>();
    expansions.forEach((list, word) => {
      for (const expansion of list) {
        const existing = matchOf.get(expansion.term);
        if (!existing || (existing.length !== null && expansion.markLength === null)) {
          matchOf.set(expansion.term, { word, length: expansion.markLength });
        }
      }
    });
    const matcher: WordMatcher = (term) => {
      const found = matchOf.get(term);
      if (found) return found;
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        if (word.prefix && term.startsWith(word.term)) return { word: i, length: word.term.length };
      }
      return null;
    };
    const tags: HighlightTags = { pre: request.highlightPreTag ?? "<mark>", post: request.highlightPostTag ?? "</mark>" };
    const ellipsis = request.snippetEllipsisText ?? "…";
    const snippetSize = snippetWords(request);
    const wordTerms = words.map((word) => word.term);

    const hits = pageIds.map((id): SearchHit => {
      const pageIndex = index.recPage[id]!;
      const section = manifest.sections[index.pageSection[pageIndex]!]!;
      const level = index.recLevel[id]!;
      const hierarchy: Hierarchy = {
        lvl0: section.label,
        lvl1: index.pageTitle[pageIndex]!,
        lvl2: level === 2 ? index.recHeading[id]! : level === 3 ? index.recParent[id] ?? null : null,
        lvl3: level === 3 ? index.recHeading[id]! : null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      };
      const shard = contents.get(contentShardOf(index, id))!;
      const text = shard.c[id - shard.start] ?? "";
      const highlighted = emptyHighlight();
      for (const key of ["lvl0", "lvl1", "lvl2", "lvl3"] as const) {
        const value = hierarchy[key];
        if (value !== null) highlighted[key] = highlight(value, matcher, wordTerms, words.length, tags);
      }
      const cut = snippet(text, matcher, words.length, snippetSize, ellipsis, tags, wordTerms);
      const contentHighlight = { value: cut.value, matchLevel: cut.matchLevel, matchedWords: cut.matchedWords };

      let ownHeading = false;
      let inText = false;
      words.forEach((_, i) => {
        const q = quality[i]![id]!;
        if (q < 0) return;
        const weight = (q & 63) >> 1;
        if (headingClassOf(weight) === HEADING_OWN) ownHeading = true;
        if (textClassOf(weight) > 0) inText = true;
      });
      const type: HitType = !ownHeading && inText ? "content" : (`lvl${level}` as HitType);
      const anchor = anchorOf(index, id);
      const url = index.pageUrl[pageIndex]!;
      return {
        objectID: objectIdOf(index, id),
        url: anchor ? `${url}#${anchor}` : url,
        url_without_anchor: url,
        anchor,
        type,
        hierarchy,
        content: cut.text || null,
        language: manifest.language,
        docusaurus_tag: section.tag,
        _highlightResult: { hierarchy: highlighted, content: contentHighlight, hierarchy_camel: [highlighted] },
        _snippetResult: {
          hierarchy: highlighted,
          content: { value: cut.value, matchLevel: cut.matchLevel },
          hierarchy_camel: [highlighted],
        },
      };
    });

    const visible = Object.values(tagCounts).reduce((sum, n) => sum + n, 0);
    return {
      hits,
      nbHits,
      page,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      query,
      facets: { [DOCS_TAG_FACET]: tagCounts, [LANGUAGE_FACET]: visible ? { [manifest.language]: nbHits } : {} },
      processingTimeMS: Math.max(0, Math.round(now() - started)),
      exhaustiveNbHits: true,
    };
  }

  return {
    search,
    async preload() {
      await loadIndex();
    },
    async stats() {
      const index = await loadIndex();
      return {
        pages: index.pageUrl.length,
        records: index.recPage.length,
        termShards: index.manifest.terms.length,
        contentShards: index.manifest.content.count,
      };
    },
  };
}
