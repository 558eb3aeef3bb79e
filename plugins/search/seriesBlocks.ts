/**
 * Hit and content files in blocks (a block: the files named by one hash, see SEARCH_MAX_HASHES),
 * each block made again only when what it is made from changed. A page edited on a 2,000-page
 * site changes the records of one block of about 125 files; the rest were serialized, hashed and
 * compared with the last output's copies (0.2-0.3 s of the index thread, which a one-page rebuild
 * waits for) only to be kept. Pure: the caller hashes recipes and keeps the record.
 */
import { SEARCH_MAX_HASHES } from "../../src/core/search/constants.ts";
import { hashText, shardFile, type ShardSeries } from "../../src/core/search/indexFormat.ts";

/** What a block made: its name hash, and its files left out (see putSeries' `omit`). */
export interface MadeBlock {
  hash: string;
  omitted: number[];
}

/** Blocks an earlier build made, by recipe, and the last output's files: what lets a block be kept. */
export interface BlockReuse {
  get(recipe: readonly string[]): MadeBlock | undefined;
  set(recipe: readonly string[], made: MadeBlock): void;
  /** The last output's files, by name (with their bytes' hashes). */
  previous: ReadonlyMap<string, string>;
  /** Names of the files kept from the last output: added to here, left out of the files made. */
  kept: string[];
}

export interface SeriesReuse {
  blocks: BlockReuse;
  /** What item i's JSON follows from (with `salt`), or undefined when that cannot be told: its block is made. */
  identity(item: number): string | undefined;
  /** The settings the files' JSON follows from besides the items. */
  salt: string;
}

/** A series' files in blocks, each either kept from the last build (`kept`) or to be made. */
export interface SeriesPlan {
  prefix: string;
  count: number;
  perShard: number;
  /** Files per block (the series' block size). */
  block: number;
  blocks: { first: number; end: number; recipe?: string[]; kept?: MadeBlock }[];
}

/**
 * Which blocks of a series of `items` items, `perShard` to a file, must be made: with `reuse`, a
 * block whose items are those of a block the last build made, and whose files the last output
 * holds, is kept. Only the items of the blocks to make are read (putSeries).
 */
export function planSeries(prefix: string, items: number, perShard: number, reuse?: SeriesReuse): SeriesPlan {
  const count = Math.ceil(items / perShard);
  const block = Math.max(1, Math.ceil(count / SEARCH_MAX_HASHES));
  const blocks: SeriesPlan["blocks"] = [];
  for (let first = 0; first < count; first += block) {
    const end = Math.min(count, first + block);
    const recipe = reuse && recipeOf(reuse, prefix, perShard, block, first, Math.min(items, end * perShard));
    const stored = recipe && reuse!.blocks.get(recipe);
    const kept = stored && rangeOf(first, end).every((n) => stored.omitted.includes(n) || reuse!.blocks.previous.has(nameOf(prefix, n, stored.hash))) ? stored : undefined;
    blocks.push({ first, end, recipe, kept });
  }
  return { prefix, count, perShard, block, blocks };
}

/** The items the blocks to make hold, as [start, end) ranges. */
export function itemsToMake(plan: SeriesPlan, items: number): [number, number][] {
  return plan.blocks.filter((block) => !block.kept).map(({ first, end }) => [first * plan.perShard, Math.min(items, end * plan.perShard)]);
}

/** File n of a block named by `hash`, as shardFile names it. */
const nameOf = (prefix: string, n: number, hash: string) => shardFile({ prefix, hashes: [hash], block: Infinity }, n);

/**
 * A series of files of `perShard` items each, named by block hashes as putShardFiles names them.
 * `omit(n)` leaves file n out (it still counts in its block's hash). A block `plan` keeps is not
 * made: its names go to `reuse.blocks.kept`, and its items are never read.
 */
export function putSeries<T>(
  files: Map<string, string | Uint8Array>,
  plan: SeriesPlan,
  items: readonly (T | undefined)[],
  file: (start: number, part: T[]) => unknown,
  omit: (n: number) => boolean = () => false,
  reuse?: SeriesReuse,
): ShardSeries {
  const { prefix, perShard, block, count } = plan;
  const hashes: string[] = [];
  for (const { first, end, recipe, kept } of plan.blocks) {
    if (kept) {
      hashes.push(kept.hash);
      for (const n of rangeOf(first, end)) if (!kept.omitted.includes(n)) reuse!.blocks.kept.push(nameOf(prefix, n, kept.hash));
      if (recipe) reuse!.blocks.set(recipe, kept);
      continue;
    }
    const texts = rangeOf(first, end).map((n) => JSON.stringify(file(n * perShard, itemsOf(items, n * perShard, (n + 1) * perShard))));
    const hash = hashText(texts.join("\n"));
    hashes.push(hash);
    const omitted: number[] = [];
    texts.forEach((json, k) => {
      if (omit(first + k)) omitted.push(first + k);
      else files.set(nameOf(prefix, first + k, hash), json);
    });
    if (recipe) reuse!.blocks.set(recipe, { hash, omitted });
  }
  return { prefix, hashes, block, perShard, count };
}

/** Items [start, end) of a block to make, each of which its caller must have worked out. */
function itemsOf<T>(items: readonly (T | undefined)[], start: number, end: number): T[] {
  const part = items.slice(start, end);
  const missing = part.findIndex((item) => item === undefined);
  if (missing >= 0) throw new Error(`search: item ${start + missing} of a file to make was not worked out (a page's sections were not read)`);
  return part as T[];
}

function rangeOf(first: number, end: number): number[] {
  return Array.from({ length: end - first }, (_, k) => first + k);
}

/** Everything a block's files follow from, or undefined when an item's identity cannot be told. */
function recipeOf(reuse: SeriesReuse, prefix: string, perShard: number, block: number, firstFile: number, endItem: number): string[] | undefined {
  const recipe = [prefix, String(perShard), String(block), String(firstFile), reuse.salt];
  for (let item = firstFile * perShard; item < endItem; item++) {
    const identity = reuse.identity(item);
    if (identity === undefined) return undefined;
    recipe.push(identity);
  }
  return recipe;
}
