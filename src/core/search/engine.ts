/**
 * The local search engine: reads the index files through an injected `fetchJson` (nothing is
 * loaded until the first query or `preload()`), then answers queries with DocSearch-shaped hits.
 * A query reads the manifest, its words' term shards, which tell all that ranking needs (see
 * postings.ts), then the hit rows of the hits shown, and the rest of a section's text only
 * where its snippet lies past the start its row holds.
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
  SEARCH_MAX_QUERY_WORDS,
  SEARCH_MIN_WORD_LENGTH_FOR_TYPO,
  SEARCH_QUERY_MAX_LENGTH,
} from "./constants.ts";
import { expand, leavesCompletionsOut, shardOf, shardsCovering } from "./dictionary.ts";
import { filtersHold, optionalScore, sectionFacets, withoutAttribute } from "./facets.ts";
import { headingBound, headingMatch, headingMatchOfPositions, wordForms } from "./headingMatch.ts";
import type { HighlightTags, WordMatch, WordMatcher } from "./highlight.ts";
import { buildHit, leadSnippet, snippetWords, textSnippet, type HitContext } from "./hits.ts";
import { HEADING_OWN, HEADING_SECTION, headingClassOf, shardFile, textClassOf, type TermsFile } from "./indexFormat.ts";
import { indexFiles } from "./indexFiles.ts";
import { keyOrder } from "./keyOrder.ts";
import { headingPositions } from "./postings.ts";
import { ID_BITS, headingOfRow, invalid } from "./recordTable.ts";
import { STOP_WORDS, atomTerms, parseQuery, tokenize, type QueryWord } from "./tokenize.ts";
import type { FetchJson, SearchBackend, SearchRequest, SearchResponse } from "./types.ts";

export interface LocalSearchOptions {
  fetchJson: FetchJson;
  /** Path of the manifest, relative to the site root as given to fetchJson. */
  manifestPath?: string;
  /** Clock for processingTimeMS (injected to keep this module free of globals). */
  now?: () => number;
}

export interface LocalSearch extends SearchBackend {
  /** Loads the manifest (not the term, hits or content shards). */
  preload(): Promise<void>;
  /** Numbers about the loaded index (for benchmarks and tests). */
  stats(): Promise<{ pages: number; records: number; termShards: number; hitShards: number; contentShards: number }>;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count++;
  return count;
}

/** The range of the ranking criteria below the heading match, and one heading point in a key. */
const TAIL_RANGE = 32 * 16 * 4 * 32 * 4 * 4;
const HEADING_STEP = TAIL_RANGE * ID_BITS;

export function createLocalSearch(options: LocalSearchOptions): LocalSearch {
  const files = indexFiles(options.fetchJson, options.manifestPath);
  const now = options.now ?? (() => 0);
  /** The heading's whole words and its atoms (parts of compound words), worked out once per record. */
  const headingWords = new Map<number, [string[], string[]]>();

  /** The dictionary words a query word stands for, and the shard they were found in. */
  async function lookUp(word: QueryWord): Promise<{ shard: TermsFile; expansions: ReturnType<typeof expand>; leftOut: boolean }> {
    const { manifest } = await files.index();
    const fileOf = (n: number) => shardFile(manifest.terms, n);
    // A word being typed expands to the words it begins: with three letters or more, one shard.
    let shard = await files.terms((word.prefix ? shardsCovering(manifest, word.term) : [shardOf(manifest, word.term)]).map(fileOf));
    let expansions = expand(word, shard);
    if (expansions.length === 0 && word.term.length >= SEARCH_MIN_WORD_LENGTH_FOR_TYPO) {
      // One-typo neighbours share only the first letter: every shard of that letter.
      shard = await files.terms(shardsCovering(manifest, String.fromCodePoint(word.term.codePointAt(0)!)).map(fileOf));
      expansions = expand(word, shard);
    }
    return { shard, expansions, leftOut: leavesCompletionsOut(word, shard) };
  }

  async function search(request: SearchRequest): Promise<SearchResponse> {
    const started = now();
    const query = String(request.query ?? "").slice(0, SEARCH_QUERY_MAX_LENGTH);
    const hitsPerPage = Math.max(1, Math.min(1000, Math.floor(request.hitsPerPage ?? SEARCH_HITS_PER_PAGE)));
    const page = Math.max(0, Math.floor(request.page ?? 0));
    const words = parseQuery(query, SEARCH_QUERY_MAX_LENGTH, SEARCH_MAX_QUERY_WORDS);
    const index = await files.index();
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
    if (words.length === 0 || manifest.terms.firsts.length === 0) return empty;

    const found = await Promise.all(words.map(lookUp));
    const expansions = found.map((entry) => entry.expansions);

    // Best match of each word in each record: (no typo) 64 + weight * 2 + (exact) 1, or -1. The
    // postings also tell each record's level, its heading's length and which words its text holds.
    const recordCount = manifest.recordCount;
    const quality = words.map(() => new Int8Array(recordCount).fill(-1));
    const recLevel = new Uint8Array(recordCount);
    const recHeading = new Int32Array(recordCount);
    const inTextWords = new Uint16Array(recordCount);
    // A word of the section's name has a weight that does not tell whether the text holds it.
    const textUnknown = new Uint8Array(recordCount);
    // Per word and heading sequence (whole words, atoms): where its expansions stand in the
    // heading, all of them and the exact ones (the word as typed, typo corrections).
    const sequenceMasks = () => [new Uint8Array(recordCount), new Uint8Array(recordCount)] as const;
    const anyAt = words.map(sequenceMasks);
    const exactAt = words.map(sequenceMasks);
    words.forEach((_, i) => {
      const best = quality[i]!;
      for (const expansion of expansions[i]!) {
        const { ids, weights, levels, headings } = files.postings(found[i]!.shard, expansion.term);
        const [anyWholes, anyAtoms] = anyAt[i]!;
        const [exactWholes, exactAtoms] = expansion.exact ? exactAt[i]! : [];
        const base = (expansion.typo ? 0 : 64) + (expansion.exact ? 1 : 0);
        for (let k = 0; k < ids.length; k++) {
          const q = base + weights[k]! * 2;
          const id = ids[k]!;
          recLevel[id] = levels[k]!;
          const heading = headings[k]!;
          if (heading) {
            recHeading[id] = heading;
            anyWholes[id] |= headingPositions(heading, 0);
            anyAtoms[id] |= headingPositions(heading, 1);
            if (exactWholes && exactAtoms) {
              exactWholes[id] |= headingPositions(heading, 0);
              exactAtoms[id] |= headingPositions(heading, 1);
            }
          }
          if (textClassOf(weights[k]!) > 0) inTextWords[id] |= 1 << i;
          else if (headingClassOf(weights[k]!) === HEADING_SECTION) textUnknown[id] = 1;
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
    const wordCount = words.length;
    const optionalWord = words.map((word) => word.optional);
    const prefixWord = words.map((word) => word.prefix);
    const forms = words.map((word, i) => wordForms(word, expansions[i]!));
    for (const id of candidates) {
      const section = index.recSection[id]!;
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
      // How well the heading equals the query, from where the words stand in it. When the
      // postings cannot tell, it is worked out only for candidates that reach the top
      // (keyOrder.ts), once their heading is downloaded; until then their key assumes the best
      // the postings allow.
      let headingScore = 0;
      let bound = false;
      if (ownHeading && headingHoldsAll) {
        const heading = recHeading[id]!;
        const known = headingMatchOfPositions(wordCount, heading, (i, s) => exactAt[i]![s]![id]!, (i, s) => anyAt[i]![s]![id]!);
        bound = known === null;
        headingScore = known ?? headingBound(wordCount, heading, (i, s) => anyAt[i]![s]![id]!);
      }
      const level = recLevel[id]!;
      let head = matchedRequired;
      head = head * 16 + (15 - Math.min(15, typos));
      head = head * 4 + boosts[section]!;
      let tail = Math.min(31, inHeadings);
      tail = tail * 16 + Math.min(15, exact);
      tail = tail * 4 + (4 - level);
      tail = tail * 32 + Math.min(31, inText);
      tail = tail * 4 + Math.min(3, optional);
      tail = tail * 4 + Math.min(3, index.recRank[id]!);
      const key = (head * 8 * TAIL_RANGE + tail) * ID_BITS + (ID_BITS - 1 - id);
      bounded.push(bound && headingScore > 0 ? 1 : 0);
      keys.push(key + headingScore * HEADING_STEP);
      baseKeys.push(key);
    }
    const nbHits = keys.length;
    const pageIds: number[] = [];
    const perSection = request.maxHitsPerSection && request.maxHitsPerSection > 0 ? request.maxHitsPerSection : 0;
    const taken = new Int32Array(sectionCount);
    let skip = page * hitsPerPage;
    const idOf = (entry: number) => ID_BITS - 1 - (baseKeys[entry]! % ID_BITS);
    // With a cap per section, at most so many hits of one section, so a short list (the modal)
    // shows other sections too; pages count hits in this order.
    const sectionFull = (entry: number) => perSection > 0 && taken[index.recSection[idOf(entry)]!]! >= perSection;
    const exactKey = (entry: number) => {
      const id = idOf(entry);
      let sequences = headingWords.get(id);
      if (!sequences) {
        const row = files.row(id);
        if (!row) return undefined;
        const text = headingOfRow(row);
        const wholes = tokenize(text).filter((token) => !token.part).map((token) => token.term);
        if (headingWords.size > 10_000) headingWords.clear();
        headingWords.set(id, (sequences = [wholes, atomTerms(text)]));
      }
      return baseKeys[entry]! + headingMatch(forms, sequences) * HEADING_STEP;
    };
    const order = keyOrder(Float64Array.from(keys), Uint8Array.from(bounded));
    const visit = (entry: number) => {
      const id = idOf(entry);
      if (perSection > 0) taken[index.recSection[id]!]!++;
      if (skip > 0) skip--;
      else pageIds.push(id);
      return pageIds.length < hitsPerPage;
    };
    // A heading the order needs is fetched with those of the other candidates that may come
    // next, as many per section as the section can still show.
    for (let waiting = order.run(exactKey, visit, sectionFull); waiting >= 0; waiting = order.run(exactKey, visit, sectionFull)) {
      const room = hitsPerPage - pageIds.length + skip;
      const quota = taken.map((count) => (perSection > 0 ? perSection - count : room));
      const next = order.bounded(room * 4, (entry) => !sectionFull(entry)).map(idOf);
      await files.loadRows(next.filter((id) => quota[index.recSection[id]!]!-- > 0).slice(0, room));
      if (!files.row(idOf(waiting))) throw invalid(`the hits file of record ${idOf(waiting)}`);
    }

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
      const match = matchOf.get(term);
      if (match) return match;
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        if (word.prefix && term.startsWith(word.term)) return { word: i, length: word.term.length };
      }
      return null;
    };
    const tags: HighlightTags = { pre: request.highlightPreTag ?? "<mark>", post: request.highlightPostTag ?? "</mark>" };
    const context: HitContext = {
      index,
      quality,
      matcher,
      wordTerms: words.map((word) => word.term),
      tags,
      ellipsis: request.snippetEllipsisText ?? "…",
      snippetSize: snippetWords(request),
    };

    // Hits of this page: their rows, and their section text only where its start is not enough.
    await files.loadRows(pageIds);
    // How many query words a text holds is known from the postings unless a query word may match
    // a stop word (not indexed in text) or a word being typed has more completions than expansions.
    const matchesStopWord = (word: QueryWord, i: number) =>
      [...STOP_WORDS].some((stop) => (word.prefix ? stop.startsWith(word.term) : stop === word.term)) || expansions[i]!.some((expansion) => STOP_WORDS.has(expansion.term));
    const textKnown = words.every((word, i) => !matchesStopWord(word, i) && !found[i]!.leftOut);
    const present = (id: number) => (textKnown && !textUnknown[id] ? bitCount(inTextWords[id]!) : null);
    const leads = pageIds.map((id) => leadSnippet(files.row(id)!, present(id), context));
    await files.loadTexts(pageIds.filter((_, k) => leads[k] === null));
    const hits = pageIds.map((id, k) => {
      const row = files.row(id)!;
      return buildHit(id, row, leads[k] ?? textSnippet(row[7] + (files.text(id) ?? ""), context), context);
    });

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
      await files.index();
    },
    async stats() {
      const { manifest } = await files.index();
      return {
        pages: manifest.pageCount,
        records: manifest.recordCount,
        termShards: manifest.terms.firsts.length,
        hitShards: manifest.hits.count,
        contentShards: manifest.content.count,
      };
    },
  };
}
