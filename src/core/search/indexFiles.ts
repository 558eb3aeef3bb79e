/**
 * The engine's side of the index files: each is fetched once, when a query first needs it (a
 * failed fetch is forgotten, so the next query tries again), and checked for its shape.
 */
import { SEARCH_MANIFEST_FILE } from "./constants.ts";
import { shardFile, type ContentFile, type HitRow, type HitsFile, type SearchManifest, type ShardSeries, type TermsFile } from "./indexFormat.ts";
import { joinShards, lowerBound } from "./dictionary.ts";
import { memo, memoByKey } from "./memo.ts";
import { countPostings, decodePostings } from "./postings.ts";
import { buildIndex, invalid, type Index } from "./recordTable.ts";
import type { FetchJson } from "./types.ts";

/** A word's postings, decoded once: record ids (ascending), the word's weight, the record's level
 * and, for entries of the record's own heading, the word in the heading (see packHeading). */
export interface Postings {
  ids: Int32Array;
  weights: Uint8Array;
  levels: Uint8Array;
  headings: Int32Array;
}

export interface IndexFiles {
  index(): Promise<Index>;
  /** The given term shards, joined. */
  terms(files: readonly string[]): Promise<TermsFile>;
  postings(shard: TermsFile, term: string): Postings;
  /** Loads the hit rows of these records; `row` then has them. */
  loadRows(ids: readonly number[]): Promise<void>;
  row(id: number): HitRow | undefined;
  /** Loads the rest of these records' section text (after the start their hit rows hold); `text` then has it. */
  loadTexts(ids: readonly number[]): Promise<void>;
  text(id: number): string | undefined;
}

/** A series of record shards: loads the shards of given records, answers per record. */
function series<T>(fetchJson: FetchJson, seriesOf: () => ShardSeries, items: (file: T) => unknown[] | undefined) {
  const loaded = new Map<number, T>();
  const load = memoByKey(async (file) => {
    const data = (await fetchJson(file)) as T;
    if (!data || !Array.isArray(items(data))) throw invalid(file);
    return data;
  });
  return {
    async load(ids: readonly number[]) {
      const { perShard } = seriesOf();
      const shards = [...new Set(ids.map((id) => Math.floor(id / perShard)))].filter((n) => !loaded.has(n));
      await Promise.all(shards.map(async (n) => loaded.set(n, await load(shardFile(seriesOf(), n)))));
    },
    get(id: number) {
      const { perShard } = seriesOf();
      const shard = loaded.get(Math.floor(id / perShard));
      return shard ? items(shard)![id % perShard] : undefined;
    },
  };
}

export function indexFiles(fetchJson: FetchJson, manifestPath = SEARCH_MANIFEST_FILE): IndexFiles {
  let manifest: SearchManifest | undefined;
  const index = memo(async () => {
    const data = (await fetchJson(manifestPath)) as SearchManifest;
    const valid = (part: ShardSeries | undefined) => part && part.perShard > 0 && typeof part.prefix === "string";
    if (!data || !Array.isArray(data.terms?.firsts) || !valid(data.hits) || !valid(data.content)) throw invalid(manifestPath);
    const built = buildIndex(data, manifestPath);
    manifest = data;
    return built;
  });
  const shard = memoByKey(async (file) => {
    const data = (await fetchJson(file)) as TermsFile;
    if (!data || !Array.isArray(data.t) || !Array.isArray(data.p)) throw invalid(file);
    return data;
  });
  const joined = new Map<string, TermsFile>();
  const decoded = new Map<string, Postings>();
  const rows = series<HitsFile>(fetchJson, () => manifest!.hits, (file) => file.r);
  const texts = series<ContentFile>(fetchJson, () => manifest!.content, (file) => file.c);

  return {
    index,
    async terms(files) {
      const key = files.join("\n");
      let found = joined.get(key);
      if (!found) joined.set(key, (found = joinShards(await Promise.all(files.map(shard)))));
      return found;
    },
    postings(terms, term) {
      let found = decoded.get(term);
      if (found) return found;
      const at = lowerBound(terms.t, term);
      const encoded = terms.t[at] === term ? terms.p[at]! : "";
      const count = countPostings(encoded);
      const target: Postings = { ids: new Int32Array(count), weights: new Uint8Array(count), levels: new Uint8Array(count), headings: new Int32Array(count) };
      let k = 0;
      decodePostings(encoded, (id, weight, level, heading) => {
        target.ids[k] = id;
        target.weights[k] = weight;
        target.levels[k] = level;
        target.headings[k] = heading;
        k++;
      });
      if (decoded.size > 4000) decoded.clear();
      decoded.set(term, (found = target));
      return found;
    },
    loadRows: (ids) => rows.load(ids),
    row: (id) => rows.get(id) as HitRow | undefined,
    loadTexts: (ids) => texts.load(ids),
    text: (id) => texts.get(id) as string | undefined,
  };
}
