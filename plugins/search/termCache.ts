import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";
import { buildSearchIndex } from "./buildIndex";
import type { MadeBlock } from "./seriesBlocks";
import type { SearchPageInput } from "./types";
import type { SearchSection } from "../../src/core/search/types";
import type { PageTerms, PageTermsCache } from "./terms";
import { leaveOutUnchanged } from "./unchangedFiles";
import { decodePageTerms, encodePageTerms } from "./pageTermsFile";
import { readStoredFacts } from "../../src/node/plugins/storedFacts";

/** The one file the cache is kept in: a file per page cost more to open than its words cost to count. */
export const PAGE_TERMS_FILE = "page-terms.bin";

export interface StoredPageTermsCache extends PageTermsCache {
  /** The hit and content blocks the last build made, by recipe (see seriesBlocks.ts), kept in the same file. */
  getBlock(recipe: readonly string[]): MadeBlock | undefined;
  setBlock(recipe: readonly string[], made: MadeBlock): void;
  /** Writes what this build used and counted, when that differs from what was read (and drops the rest). */
  save(): void;
}

/** Keys worked out so far: a page the cache misses is asked for (get), then told (set). */
const keys = new WeakMap<SearchPageInput, string>();

/**
 * A page by everything of it that its words' postings follow from. Its compile's key stands for
 * its sections where the build gives one: serializing and hashing 2,000 pages' sections took the
 * search thread 0.24 s of a one-page rebuild.
 */
export function keyOf(page: SearchPageInput): string {
  let key = keys.get(page);
  if (key === undefined) {
    const content = page.compileKey === undefined ? page.sections : `compile ${page.compileKey}`;
    key = createHash("sha256").update(JSON.stringify([page.sectionLabel, page.pageTitle, content])).digest("base64url");
    keys.set(page, key);
  }
  return key;
}

const recipeKey = (recipe: readonly string[]) => createHash("sha256").update(JSON.stringify(recipe)).digest("base64url");

function isMadeBlock(value: unknown): value is MadeBlock {
  const block = value as MadeBlock | undefined;
  return typeof block?.hash === "string" && Array.isArray(block.omitted) && block.omitted.every(Number.isInteger);
}

/**
 * Pages' words as an earlier build counted them, from `dir` (the plugin's cache folder, which the
 * build empties when the generator changes). A missing file, or one that is not such a file (cut
 * short, a word number out of range: see pageTermsFile.ts), is a miss: every page is counted again.
 */
export function openPageTermsCache(dir: string): StoredPageTermsCache {
  const file = path.join(dir, PAGE_TERMS_FILE);
  let stored = new Map<string, PageTerms>();
  let storedBlocks: Record<string, unknown> = {};
  let storedWords: string[] = [];
  try {
    const contents = decodePageTerms(readFileSync(file));
    if (contents) ({ pages: stored, blocks: storedBlocks, words: storedWords } = contents);
  } catch {
    // No cache yet: every page is counted.
  }
  const used = new Map<string, PageTerms>();
  const usedBlocks = new Map<string, MadeBlock>();
  let counted = false;
  return {
    getBlock(recipe) {
      const block = storedBlocks[recipeKey(recipe)];
      return isMadeBlock(block) ? block : undefined;
    },
    setBlock(recipe, made) {
      const key = recipeKey(recipe);
      usedBlocks.set(key, made);
      if (storedBlocks[key] !== made) counted = true;
    },
    get(page) {
      const key = keyOf(page);
      // Asked twice a page (for its record count, then its words): checked once.
      const known = used.get(key);
      if (known) return known;
      const terms = stored.get(key);
      if (!terms) return undefined;
      used.set(key, terms);
      return terms;
    },
    set(page, terms) {
      used.set(keyOf(page), terms);
      counted = true;
    },
    save() {
      if (!counted && used.size === stored.size && usedBlocks.size === Object.keys(storedBlocks).length) return;
      try {
        mkdirSync(dir, { recursive: true });
        // Written then renamed: a build stopped mid-write leaves the last whole file.
        const temporary = `${file}.${process.pid}.tmp`;
        const fd = openSync(temporary, "w");
        try {
          for (const part of encodePageTerms(used, Object.fromEntries(usedBlocks), storedWords)) {
            for (let offset = 0; offset < part.length; ) offset += writeSync(fd, part, offset);
          }
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, file);
      } catch {
        // A read-only or full disk only costs the next build the counting.
      }
    },
  };
}

/** The sections of a page sent by where its facts are stored. */
function sectionsStored(page: SearchPageInput) {
  if (!page.stored) throw new Error(`search: ${page.url} came with neither its sections nor where they are stored`);
  return readStoredFacts(page.stored).searchSections;
}

/**
 * buildSearchIndex with the words and blocks the last build made (when there is a cache folder),
 * less the files the last output holds as they are (`previous`: its files by name, with their
 * bytes' hashes), which are named in `kept`; and a function that stores this build's words and
 * blocks: called after the files are handed over, while the build goes on.
 */
export function buildIndexKeepingFiles(
  pages: SearchPageInput[],
  cache: StoredPageTermsCache | undefined,
  previous: ReadonlyMap<string, string>,
  /** Reads the sections of a page sent by where its facts are stored (a test counts the pages read). */
  loadSections: (page: SearchPageInput) => readonly SearchSection[] = sectionsStored,
): { files: Map<string, string | Uint8Array>; kept: string[]; storeTerms(): void } {
  const keptBlocks: string[] = [];
  // Blocks are recorded on a cold build too, for the next to keep.
  const reuse = cache ? { pageKey: keyOf, blocks: { get: cache.getBlock, set: cache.setBlock, previous, kept: keptBlocks } } : undefined;
  const files = buildSearchIndex(pages, { termCache: cache, reuse, loadSections });
  const kept = [...keptBlocks, ...leaveOutUnchanged(files, previous)];
  return { files, kept, storeTerms: () => cache?.save() };
}
