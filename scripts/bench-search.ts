/**
 * Search benchmark: index size (gzip) for the real site and for a generated 2,000-page corpus,
 * and query latency (median and p95 over 200 queries) on the corpus.
 *
 *   npx tsx scripts/bench-search.ts            prints the figures
 *   import { benchSearch } from "./bench-search"  returns them
 *
 * The real site's index is read from build/search-index when a build exists; otherwise its
 * Markdown under docs/ is compiled here, as the corpus is (the build's Markdown compile, so the
 * sections are the ones a build would index).
 *
 * A 10,000-page corpus (`largePages`) gives what one query downloads at that size. Its index is
 * made the way the build makes it (each page's compile, then buildSearchIndex) without bundling
 * or rendering anything; the compiled sections are kept in node_modules/.cache, keyed by the
 * generator's fingerprint and the corpus generator, so only the first run pays for the compile.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { parseFrontMatter } from "../plugins/content-docs/frontMatter";
import { buildSearchIndex, type SearchPageInput } from "../plugins/search/buildIndex";
import { compileMarkdown } from "../src/node/markdown/compile";
import { DiskCache, cacheDir, generatorFingerprint } from "../src/node/cache";
import { createHash } from "node:crypto";
import { SEARCH_INDEX_DIR, SEARCH_MANIFEST_FILE } from "../src/core/search/constants";
import { createLocalSearch } from "../src/core/search/engine";
import type { SearchManifest } from "../src/core/search/indexFormat";
import type { SearchSection } from "../src/core/search/types";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS_SCRIPT = path.resolve(ROOT, "../shared/bench/gen-corpus.mjs");

export interface IndexSize {
  pages: number;
  records: number;
  files: number;
  /** Everything, gzipped file by file. */
  totalGzipBytes: number;
  /** What any query may need to rank: manifest and all term shards. */
  searchGzipBytes: number;
  /** Hit rows and the rest of the section text, fetched only for the hits shown. */
  contentGzipBytes: number;
  /** searchGzipBytes per 100 pages (the target is under 40 KB). */
  searchGzipPer100Pages: number;
  totalGzipPer100Pages: number;
}

export interface LatencyFigures {
  queries: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** The same queries on a fresh engine, each one also loading (parsing) the files it needs. */
  coldMedianMs: number;
  coldP95Ms: number;
  /** Average gzip bytes a query downloads on a fresh page (manifest, its term shards, its hits' rows and text). */
  firstQueryDownloadGzipBytes: number;
}

/** What one query downloads from a fresh page, over the bench's queries. */
export interface DownloadFigures {
  averageGzipBytes: number;
  p95GzipBytes: number;
  maxGzipBytes: number;
  /** Average gzip bytes per query by kind of file (manifest, terms, hits, content). */
  averageByKind: Record<string, number>;
}

export interface SearchBenchResult {
  realSite: (IndexSize & { source: "build" | "docs" }) | null;
  corpus: IndexSize & { buildIndexMs: number };
  latency: LatencyFigures;
  /** The large corpus (10,000 pages by default), when asked for. */
  large: (IndexSize & { download: DownloadFigures; compileSeconds: number }) | null;
}

// ---------------------------------------------------------------------------------------------
// Markdown → search sections, by the build's own compile.

async function compilePage(file: string): Promise<{ title: string | null; sections: SearchSection[] }> {
  const { frontMatter, body } = parseFrontMatter(readFileSync(file, "utf8"), file);
  const page = await compileMarkdown({ file, body, frontMatter, siteDir: ROOT, routeOfSource: () => undefined, additionalLanguages: [], development: false });
  const title = typeof frontMatter.title === "string" ? frontMatter.title : page.contentTitle ?? null;
  return { title, sections: page.facts.searchSections };
}

function listMarkdown(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...listMarkdown(full));
    else if (/\.mdx?$/.test(name)) files.push(full);
  }
  return files;
}

/** Pages of a folder of sections (each subfolder one section), compiled as the build compiles them. */
async function pagesFromMarkdown(root: string, urlPrefix: string): Promise<SearchPageInput[]> {
  const pages: SearchPageInput[] = [];
  for (const section of readdirSync(root).sort()) {
    const sectionDir = path.join(root, section);
    if (!statSync(sectionDir).isDirectory()) continue;
    for (const file of listMarkdown(sectionDir)) {
      const relative = path.relative(sectionDir, file).replace(/\\/g, "/").replace(/\.mdx?$/, "").replace(/(^|\/)index$/, "");
      const { title, sections } = await compilePage(file);
      pages.push({
        url: `${urlPrefix}/${section}${relative ? `/${relative}` : ""}`,
        pluginId: section,
        sectionLabel: section,
        pageTitle: title ?? path.basename(file),
        sections,
      });
    }
  }
  return pages;
}

/** A generated corpus's pages, compiled once per generator version and kept on disk. */
async function corpusPages(pageCount: number): Promise<{ pages: SearchPageInput[]; compileSeconds: number }> {
  const cache = new DiskCache<SearchPageInput[]>(cacheDir(ROOT, "bench-search"));
  const key = createHash("sha256").update(generatorFingerprint()).update(readFileSync(CORPUS_SCRIPT)).update(String(pageCount)).digest("hex");
  const kept = cache.get(key);
  if (kept) return { pages: kept, compileSeconds: 0 };
  const corpusDir = mkdtempSync(path.join(os.tmpdir(), "search-corpus-"));
  try {
    const started = performance.now();
    execFileSync(process.execPath, [CORPUS_SCRIPT, corpusDir, String(pageCount)], { stdio: "ignore" });
    const pages = await pagesFromMarkdown(corpusDir, "/bench");
    cache.set(key, pages);
    return { pages, compileSeconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(corpusDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

function gz(contents: string | Uint8Array): number {
  return gzipSync(typeof contents === "string" ? Buffer.from(contents) : contents).length;
}

function sizeOf(files: Map<string, string | Uint8Array>): IndexSize {
  const manifest = JSON.parse(String(files.get(SEARCH_MANIFEST_FILE))) as SearchManifest;
  const perHit = [manifest.hits.prefix, manifest.content.prefix];
  const contentFiles = new Set([...files.keys()].filter((file) => perHit.some((prefix) => file.startsWith(prefix))));
  let total = 0;
  let content = 0;
  for (const [file, contents] of files) {
    const size = gz(contents);
    total += size;
    if (contentFiles.has(file)) content += size;
  }
  const search = total - content;
  return {
    pages: manifest.pageCount,
    records: manifest.recordCount,
    files: files.size,
    totalGzipBytes: total,
    searchGzipBytes: search,
    contentGzipBytes: content,
    searchGzipPer100Pages: Math.round((search / manifest.pageCount) * 100),
    totalGzipPer100Pages: Math.round((total / manifest.pageCount) * 100),
  };
}

function readBuiltIndex(buildDir: string): Map<string, string | Uint8Array> | null {
  const dir = path.join(buildDir, SEARCH_INDEX_DIR);
  if (!existsSync(path.join(buildDir, SEARCH_MANIFEST_FILE))) return null;
  const files = new Map<string, string | Uint8Array>();
  // The build's .br/.gz siblings are other encodings of the same files, not more index.
  for (const name of readdirSync(dir)) if (!/\.(br|gz)$/.test(name)) files.set(`${SEARCH_INDEX_DIR}/${name}`, readFileSync(path.join(dir, name), "utf8"));
  return files;
}

/** A seeded generator, so every run asks the same queries. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function makeQueries(vocabulary: string[], count: number): string[] {
  const rnd = random(42);
  const pick = () => vocabulary[Math.floor(rnd() * vocabulary.length)]!;
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const at = 1 + Math.floor(rnd() * (word.length - 2));
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  };
  const fixed = ["sql.identifier", "sql.value", "sql-compile", "sql.literal", "app_public", "interval days", "posts desc"];
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 8;
    if (kind === 0) queries.push(pick());
    else if (kind === 1) queries.push(`${pick()} ${pick()}`);
    else if (kind === 2) queries.push(pick().slice(0, 2 + Math.floor(rnd() * 3)));
    else if (kind === 3) queries.push(`${pick()} ${pick().slice(0, 3)}`);
    else if (kind === 4) queries.push(typo(pick()));
    else if (kind === 5) queries.push(`${pick()} ${pick()} ${pick()}`);
    else if (kind === 6) queries.push(fixed[i % fixed.length]!);
    else queries.push(`${pick()} section ${Math.floor(rnd() * 10)}`);
  }
  return queries;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, at)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The kind of an index file: "manifest", "terms", "hits" or "content". */
const kindOf = (file: string) => file.slice(SEARCH_INDEX_DIR.length + 1).replace(/[-.].*/, "");

/** Each query on a fresh engine: its time (loading and parsing included) and the gzip bytes of the files it fetched. */
async function firstQueries(files: Map<string, string | Uint8Array>, queries: string[]): Promise<{ cold: number[]; downloads: number[]; byKind: Record<string, number> }> {
  const cold: number[] = [];
  const downloads: number[] = [];
  const byKind: Record<string, number> = {};
  const gzipped = new Map<string, number>();
  for (const query of queries) {
    const fetched = new Set<string>();
    const engine = createLocalSearch({
      fetchJson: async (file) => {
        fetched.add(file);
        return JSON.parse(String(files.get(file)));
      },
    });
    const started = performance.now();
    await engine.search({ query, hitsPerPage: 20 });
    cold.push(performance.now() - started);
    let bytes = 0;
    for (const file of fetched) {
      if (!gzipped.has(file)) gzipped.set(file, gz(files.get(file)!));
      bytes += gzipped.get(file)!;
      byKind[kindOf(file)] = (byKind[kindOf(file)] ?? 0) + gzipped.get(file)!;
    }
    downloads.push(bytes);
  }
  return { cold, downloads, byKind };
}

const vocabularyOf = (pages: SearchPageInput[]) => [...new Set(pages.flatMap((page) => page.pageTitle.toLowerCase().split(/\s+/)).filter((word) => /^[a-z]{3,}$/.test(word)))];

async function measureLatency(files: Map<string, string | Uint8Array>, queries: string[]): Promise<LatencyFigures> {
  const parsed = new Map<string, unknown>();
  const fetchParsed = async (file: string) => {
    if (!parsed.has(file)) parsed.set(file, JSON.parse(String(files.get(file))));
    return parsed.get(file);
  };

  // Cold: a fresh engine per query, each loading what it needs (parse included, no network).
  const { cold, downloads } = await firstQueries(files, queries);
  const downloaded = downloads.reduce((sum, bytes) => sum + bytes, 0);

  // Warm: one engine, files already loaded; what a reader feels while typing. Each query runs
  // three times and its fastest run counts, so other processes on the machine add less noise.
  const engine = createLocalSearch({ fetchJson: fetchParsed });
  for (const query of queries) await engine.search({ query, hitsPerPage: 20 });
  const warm: number[] = [];
  for (const query of queries) {
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      await engine.search({ query, hitsPerPage: 20 });
      best = Math.min(best, performance.now() - started);
    }
    warm.push(best);
  }
  warm.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  return {
    queries: queries.length,
    medianMs: round(percentile(warm, 50)),
    p95Ms: round(percentile(warm, 95)),
    maxMs: round(warm[warm.length - 1] ?? 0),
    coldMedianMs: round(percentile(cold, 50)),
    coldP95Ms: round(percentile(cold, 95)),
    firstQueryDownloadGzipBytes: Math.round(downloaded / queries.length),
  };
}

export async function benchSearch(options: { pages?: number; largePages?: number; queries?: number; buildDir?: string } = {}): Promise<SearchBenchResult> {
  const pageCount = options.pages ?? 2000;
  const largePageCount = options.largePages ?? 10_000;
  const queryCount = options.queries ?? 200;

  // The real site: its built index, or its Markdown turned into rough HTML.
  let realSite: SearchBenchResult["realSite"] = null;
  const built = readBuiltIndex(options.buildDir ?? path.join(ROOT, "build"));
  if (built) realSite = { source: "build", ...sizeOf(built) };
  else if (existsSync(path.join(ROOT, "docs"))) {
    const pages = await pagesFromMarkdown(path.join(ROOT, "docs"), "");
    if (pages.length > 0) realSite = { source: "docs", ...sizeOf(buildSearchIndex(pages)) };
  }

  // The generated corpus.
  const { pages } = await corpusPages(pageCount);
  const started = performance.now();
  const files = buildSearchIndex(pages);
  const buildIndexMs = Math.round(performance.now() - started);
  const latency = await measureLatency(files, makeQueries(vocabularyOf(pages), queryCount));

  // The large corpus: what one query downloads at that size.
  let large: SearchBenchResult["large"] = null;
  if (largePageCount > 0) {
    const { pages: largePages, compileSeconds } = await corpusPages(largePageCount);
    const largeFiles = buildSearchIndex(largePages);
    const { downloads, byKind } = await firstQueries(largeFiles, makeQueries(vocabularyOf(largePages), queryCount));
    downloads.sort((a, b) => a - b);
    const download = {
      averageGzipBytes: Math.round(downloads.reduce((sum, bytes) => sum + bytes, 0) / downloads.length),
      p95GzipBytes: percentile(downloads, 95),
      maxGzipBytes: downloads[downloads.length - 1] ?? 0,
      averageByKind: Object.fromEntries(Object.entries(byKind).map(([kind, bytes]) => [kind, Math.round(bytes / downloads.length)])),
    };
    large = { ...sizeOf(largeFiles), download, compileSeconds };
  }
  return { realSite, corpus: { ...sizeOf(files), buildIndexMs }, latency, large };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function printSize(name: string, size: IndexSize) {
  console.log(`${name}: ${size.pages} pages, ${size.records} records, ${size.files} files`);
  console.log(`  search data (manifest + terms): ${kb(size.searchGzipBytes)} gzip = ${kb(size.searchGzipPer100Pages)} per 100 pages`);
  console.log(`  hit rows and section text (fetched per hit): ${kb(size.contentGzipBytes)} gzip`);
  console.log(`  everything: ${kb(size.totalGzipBytes)} gzip = ${kb(size.totalGzipPer100Pages)} per 100 pages`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchSearch();
  if (result.realSite) printSize(`Real site (from ${result.realSite.source})`, result.realSite);
  else console.log("Real site: no build/ and no docs/ found");
  printSize("Corpus", result.corpus);
  console.log(`  index build: ${result.corpus.buildIndexMs} ms`);
  const l = result.latency;
  console.log(`Query latency over ${l.queries} queries (corpus): median ${l.medianMs} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms`);
  console.log(`  first query on a fresh page (loading and parsing its files): median ${l.coldMedianMs} ms, p95 ${l.coldP95Ms} ms`);
  console.log(`  download for a first query: ${kb(l.firstQueryDownloadGzipBytes)} gzip on average`);
  if (result.large) {
    printSize("Large corpus", result.large);
    const d = result.large.download;
    console.log(`  download for one query on a fresh page: average ${kb(d.averageGzipBytes)}, p95 ${kb(d.p95GzipBytes)}, max ${kb(d.maxGzipBytes)} gzip (target < 100 KB)`);
    console.log(`  average by file: ${Object.entries(d.averageByKind).map(([kind, bytes]) => `${kind} ${kb(bytes)}`).join(", ")}`);
  }
}
