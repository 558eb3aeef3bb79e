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
  SEARCH_MAX_QUERY_WORDS,
  SEARCH_QUERY_MAX_LENGTH,
} from "./constants.ts";
import { expand, lowerBound, shardOf } from "./dictionary.ts";
import { filtersHold, optionalScore, sectionFacets, withoutAttribute } from "./facets.ts";
import { headingLengthBound, headingMatch, wordForms } from "./headingMatch.ts";
import type { HighlightTags, WordMatch, WordMatcher } from "./highlight.ts";
import { buildHit, snippetWords } from "./hits.ts";
import {
  HEADING_OWN,
  contentShardFile,
  countPostings,
  decodePostings,
  headingClassOf,
  textClassOf,
  type ContentFile,
  type RecordsFile,
  type SearchManifest,
  type TermsFile,
} from "./indexFormat.ts";
import { visitInKeyOrder } from "./keyOrder.ts";
import { memo, memoByKey } from "./memo.ts";
import { ID_BITS, buildIndex, invalid, type Index } from "./recordTable.ts";
import { atomTerms, parseQuery, tokenize } from "./tokenize.ts";
import type { FetchJson, SearchBackend, SearchRequest, SearchResponse } from "./types.ts";

/** A term's postings, decoded once: record ids (ascending) and their weights. */
interface Postings {
  ids: Int32Array;
  weights: Uint8Array;
}

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

/** The range of the ranking criteria below the heading match, and one heading point in a key. */
const TAIL_RANGE = 32 * 16 * 4 * 32 * 4 * 4;
const HEADING_STEP = TAIL_RANGE * ID_BITS;

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

    const sectionHits = new Int32Array(sectionCount);
    const keys: number[] = [];
    const baseKeys: number[] = [];
    const bounded: number[] = [];
    /** The heading's whole words and its atoms (parts of compound words), worked out once per record. */
    const headingWordsOf = (id: number): [string[], string[]] => {
      let atoms = index.atoms[id];
      let wholes = index.wholes[id];
      if (!atoms || !wholes) {
        const text = index.recHeading[id]!;
        atoms = index.atoms[id] = atomTerms(text);
        wholes = index.wholes[id] = tokenize(text)
          .filter((token) => !token.part)
          .map((token) => token.term);
      }
      return [wholes, atoms];
    };
    const wordCount = words.length;
    const optionalWord = words.map((word) => word.optional);
    const prefixWord = words.map((word) => word.prefix);
    const forms = words.map((word, i) => wordForms(word, expansions[i]!));
    for (const id of candidates) {
      const section = index.pageSection[index.recPage[id]!]!;
      if (!passesWithoutTag[section]) continue;
      sectionHits[section]!++;
      if (!passes[section]) continue;

      let matchedRequired = 0;
      let typos = 0;
      let inHeadings = 0;
      let inText = 0;
      let exact = 0;
      let optional = 0;
      let ownHeading = false;
      // The heading can equal the query only if it holds every word. For a word typed in full
      // its quality says so (its own-heading weight); a word being typed may be completed by a
      // heading word the expansions left out, so it is not checked here.
      let headingHoldsAll = true;
      for (let i = 0; i < wordCount; i++) {
        const q = quality[i]![id]!;
        if (!prefixWord[i] && (q < 0 || headingClassOf((q & 63) >> 1) !== HEADING_OWN)) headingHoldsAll = false;
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
      // How well the heading equals the query is worked out only for candidates that reach the
      // top (keyOrder.ts); until then their key assumes the best their heading's length allows.
      const headingBound = ownHeading && headingHoldsAll ? headingLengthBound(wordCount, headingWordsOf(id)) : 0;
      const level = index.recLevel[id]!;
      let head = matchedRequired;
      head = head * 16 + (15 - Math.min(15, typos));
      head = head * 4 + boosts[section]!;
      let tail = Math.min(31, inHeadings);
      tail = tail * 16 + Math.min(15, exact);
      tail = tail * 4 + (4 - level);
      tail = tail * 32 + Math.min(31, inText);
      tail = tail * 4 + Math.min(3, optional);
      tail = tail * 4 + Math.min(3, index.pageRank[index.recPage[id]!]!);
      const key = (head * 8 * TAIL_RANGE + tail) * ID_BITS + (ID_BITS - 1 - id);
      bounded.push(headingBound > 0 ? 1 : 0);
      keys.push(key + headingBound * HEADING_STEP);
      baseKeys.push(key);
    }
    const nbHits = keys.length;
    const pageIds: number[] = [];
    const perSection = request.maxHitsPerSection;
    const taken = new Int32Array(sectionCount);
    let skip = page * hitsPerPage;
    const exactKey = (entry: number) => {
      const id = ID_BITS - 1 - (baseKeys[entry]! % ID_BITS);
      const [wholes, atoms] = headingWordsOf(id);
      return baseKeys[entry]! + headingMatch(forms, [wholes, atoms]) * HEADING_STEP;
    };
    visitInKeyOrder(Float64Array.from(keys), Uint8Array.from(bounded), exactKey, (entry) => {
      const id = ID_BITS - 1 - (baseKeys[entry]! % ID_BITS);
      // With a cap per section, at most so many hits of one section, so a short list (the modal)
      // shows other sections too; pages count hits in this order.
      if (perSection && perSection > 0) {
        const section = index.pageSection[index.recPage[id]!]!;
        if (taken[section]! >= perSection) return true;
        taken[section]!++;
      }
      if (skip > 0) skip--;
      else pageIds.push(id);
      return pageIds.length < hitsPerPage;
    });

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

    const hits = pageIds.map((id) => buildHit(id, { index, quality, matcher, wordTerms, tags, ellipsis, snippetSize, shard: contents.get(contentShardOf(index, id))! }));

    const tagCounts: Record<string, number> = {};
    sectionHits.forEach((count, section) => {
      if (count === 0) return;
      const tag = manifest.sections[section]!.tag;
      tagCounts[tag] = (tagCounts[tag] ?? 0) + count;
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
