import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";
import { CompressThreads } from "./compressThreads";
import { CONTENT_DIGESTS_FILE, openContentDigests, type ContentDigests } from "./contentDigests";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Files a static server may send compressed. Not the playground's database (.pgdata): it is a
 * gzipped tar already, which brotli shrank by 2.5 % for 0.2 s of CPU.
 */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|svg|txt|md|map|webmanifest|wasm|data)$/;
/**
 * Brotli quality 5 for scripts and styles: few files every visitor downloads (the main
 * script is 66.8 KB at 5, 70.8 KB at 4; quality 11 took 44 s on this site for 12 % less).
 * Quality 4 for pages and data, one or more per route and the bulk of a large site: on
 * 2,000 pages' 132 MB of text it takes 3.7 s where 5 takes 9.5 s, for 9 % more bytes.
 */
const brotliQuality = (file: string) => (/\.(js|mjs|css)$/.test(file) ? 5 : 4);
/**
 * gzip copies are for the few clients without brotli. zlib's default level 6 for scripts and
 * styles (level 9 took 8.6 s for 25.17 MB on that corpus, level 6 5.1 s for 25.40 MB); level 4
 * for pages and data: on 2,000 pages' 142 MB, 1.13 s against level 6's 1.73 s, for copies 4 %
 * larger (level 1: 1.11 s, 11 % larger).
 */
const gzipLevelOfKind = (file: string) => (/\.(js|mjs|css)$/.test(file) ? 6 : 4);
/**
 * From this size gzip works at level 1. Such a file is one of a kind that changes with any page
 * (llms-full.txt: 13 MB on 2,000 pages), so every rebuild compresses it again, last of all: level 6
 * took 554 ms of a one-page rebuild where level 1 takes 86 ms, for a copy 20 % larger. Readers
 * whose client takes brotli (every current browser) get the brotli copy anyway.
 */
const FAST_GZIP_FROM_BYTES = 1024 * 1024;
const gzipLevel = (file: string, size: number) => (size >= FAST_GZIP_FROM_BYTES ? 1 : gzipLevelOfKind(file));
/** Threads compressing at the end of the build, when nothing else runs: a core each, at most four. */
const FINAL_THREADS = Math.min(4, availableParallelism());
/**
 * Bytes of the last pass's thread work that repay one more thread. A thread is a fresh V8 isolate:
 * about 0.1 s of CPU and 8 MB of new memory to start on this machine, what compressing 3 MB both
 * ways takes. A one-page rebuild of this site leaves under 2 MB (its section's pages, whose data
 * file was renamed): a second thread there cost 0.1 s more CPU for no time saved (medians of
 * twelve alternations: CPU 2.58 against 2.46 s, wall 1.65 against 1.64 s).
 */
const FINAL_BYTES_PER_THREAD = 4 * 1024 * 1024;
/** Threads for a last pass of `bytes` (files the threads compress): one, and one more for each FINAL_BYTES_PER_THREAD beyond it, up to FINAL_THREADS. */
export const lastPassThreads = (bytes: number, cores = FINAL_THREADS) => Math.max(1, Math.min(cores, Math.ceil(bytes / FINAL_BYTES_PER_THREAD)));
/** Files in flight at the end: a few per thread beyond the two it holds, so none waits for the next file's stat and linking. */
const COMPRESS_CONCURRENCY = 4 * FINAL_THREADS;
/** Files compressed at once while the build is still writing: one, so the render keeps a core to itself. */
const EARLY_CONCURRENCY = 1;
/** From this size a file is compressed before the smaller ones queued while the build writes. */
const EARLY_FIRST_FROM_BYTES = 256 * 1024;
/**
 * Copies are written only when gzip saves at least this much: what Lighthouse's text-compression
 * audit counts (it ignores savings under 1,400 bytes, about one TCP segment). Smaller search-index
 * and route files were 11,000 of a 2,000-page build's 47,000 files, each costing a file creation
 * (about a millisecond on this machine's disk) to save a reader a few hundred bytes.
 */
const MIN_SAVED_BYTES = 1400;
/** No file this small can save MIN_SAVED_BYTES (gzip adds 18 bytes of framing): not even compressed. */
const MIN_BYTES = MIN_SAVED_BYTES + 18;
/**
 * From this size compressed copies are kept between builds, keyed by content: the playground's
 * PostgreSQL (15 MB of wasm and data, the same in every build) costs 1.1 s of CPU to compress.
 * Smaller files are linked from the previous output when unchanged (see linkPrevious); keeping
 * their copies too would double the files a cold build makes, each about a millisecond here.
 */
const CACHED_FROM_BYTES = 256 * 1024;

type Compressed = { br: Buffer; gz: Buffer };

/**
 * zlib hands its output back to the main thread a chunk at a time (16 KB unless told), each a
 * callback there: compressing a 2,000-page site's llms-full.txt (13 MB, 3 MB of it gzipped) kept
 * the main thread busy 64 ms, against 10 ms in chunks of up to 4 MB. The copies are the same
 * bytes either way.
 */
const outputChunkBytes = (size: number) => Math.min(Math.max(size, 16 * 1024), 4 * 1024 * 1024);

async function compress(file: string, contents: Buffer): Promise<Compressed> {
  const chunkSize = outputChunkBytes(contents.length);
  const [br, gz] = await Promise.all([
    brotli(contents, { chunkSize, params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }),
    gzipAsync(contents, { chunkSize, level: gzipLevel(file, contents.length) }),
  ]);
  return { br, gz };
}

/**
 * A large file's copies from an earlier build when its bytes are the same; a missing or unreadable
 * entry is a miss. `used` collects the entries this build needs; the rest are removed afterwards,
 * so the cache holds one build's worth.
 */
async function compressCached(cacheDir: string, file: string, contents: Buffer, used: Set<string>): Promise<Compressed> {
  // By the bytes read, never a kept digest (see openContentDigests).
  const entry = path.join(cacheDir, cacheKey(file, contents.length, createHash("sha256").update(contents).digest("hex"), used));
  try {
    const [br, gz] = await Promise.all([readFile(`${entry}.br`), readFile(`${entry}.gz`)]);
    return { br, gz };
  } catch {
    const compressed = await compress(file, contents);
    try {
      await mkdir(cacheDir, { recursive: true });
      // Written under a temporary name and renamed, so a build stopped halfway never leaves a truncated entry.
      for (const [suffix, bytes] of [[".br", compressed.br], [".gz", compressed.gz]] as const) {
        const temporary = `${entry}${suffix}.tmp-${process.pid}`;
        await writeFile(temporary, bytes);
        await rename(temporary, `${entry}${suffix}`);
      }
    } catch {
      // A read-only cache only costs the next build the compression again.
    }
    return compressed;
  }
}

/** The levels are part of the key, so changing them never reuses copies made at the old ones. */
function cacheKey(file: string, size: number, digest: string, used: Set<string>): string {
  const key = createHash("sha256").update(`brotli ${brotliQuality(file)} gzip ${gzipLevel(file, size)}\n${digest}`).digest("hex");
  used.add(key);
  return key;
}

/**
 * Links the last output's copies when it had this file with the same bytes ("linked"): on this
 * machine's disk, making a file costs about a millisecond and a link a fortieth of that, and most
 * of a rebuild's files are as they were. The build links its unchanged files from that output too:
 * the same inode is the same file, read by neither side. "changed" when that output's file had
 * other bytes, "unknown" when it had no such file or no copies fitting it.
 */
async function linkPrevious(previousOutDir: string, outDir: string, file: string, stats: Stats, contents: () => Promise<Buffer>, buildStart: number): Promise<"linked" | "changed" | "unknown"> {
  const before = path.join(previousOutDir, path.relative(outDir, file));
  // Metadata calls are synchronous: through promises, their overhead cost a 2,000-page rebuild 1.6 s.
  try {
    const source = statSync(before);
    // The same file, untouched since, without copies: the last build found compressing it not worth a file, as this one would.
    const sameFile = source.ino === stats.ino && source.dev === stats.dev;
    if (sameFile && source.mtimeMs < buildStart && !existsSync(`${before}.br`) && !existsSync(`${before}.gz`)) return "linked";
    const [brotliCopy, gzipCopy] = [statSync(`${before}.br`), statSync(`${before}.gz`)];
    // Copies older than their file are stale: a plugin rewrote it in place (through the build's link, both names at once).
    if (Math.min(brotliCopy.mtimeMs, gzipCopy.mtimeMs) < source.mtimeMs) return "unknown";
    if (!sameFile && (source.size !== stats.size || !(await readFile(before)).equals(await contents()))) return "changed";
    linkSync(`${before}.br`, `${file}.br`);
    linkSync(`${before}.gz`, `${file}.gz`);
    return "linked";
  } catch {
    // One link may have been made: remove it, or writing the new copy would change the old output's file.
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    return "unknown";
  }
}

async function removeUnused(cacheDir: string, used: ReadonlySet<string>): Promise<void> {
  const entries = await readdir(cacheDir).catch(() => []);
  const unused = (name: string) => name !== CONTENT_DIGESTS_FILE && !used.has(name.replace(/\.(br|gz)(\.tmp-\d+)?$/, ""));
  await Promise.all(entries.filter(unused).map((name) => rm(path.join(cacheDir, name), { force: true })));
}

/** Synchronous: through promises, listing a 2,000-page output took 0.32 s where this takes 0.07 s. */
function listFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The time the file system gives a file written now. Its clock ticks coarsely (every few
 * milliseconds here), so a file rewritten just after Date.now() can show an earlier time and pass
 * for untouched; against this, a file written in the same tick counts as changed.
 */
function fileSystemNow(dir: string): number {
  const probe = path.join(dir, `.clock-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, "");
    return statSync(probe).mtimeMs;
  } catch {
    // A read-only cache: a second back covers any tick.
    return Date.now() - 1000;
  } finally {
    rmSync(probe, { force: true });
  }
}

/** What a file was when its copies were made: a later write in place changes it. */
const fileVersion = (stats: Stats) => `${stats.ino}:${stats.mtimeMs}:${stats.size}`;

/**
 * One build's compression: files queue as the build writes them and a worker compresses them
 * while the pages still render (on a core the render leaves free). postBuild drops what is still
 * queued and compresses, with every worker, each file whose copies were not made from it as it is
 * now: written since, changed since (a later plugin's postBuild), or whose early attempt failed.
 */
class Compression {
  readonly used = new Set<string>();
  /** Digests of the large files, whose cached copies the build marks as used. */
  readonly digests: ContentDigests;
  private readonly queue: string[] = [];
  /** Files of at least EARLY_FIRST_FROM_BYTES, taken before the queue's. */
  private readonly largeQueue: string[] = [];
  private readonly queued = new Set<string>();
  /** Each file whose copies are made, with the version of it they were made from. */
  private readonly made = new Map<string, string>();
  /** Files linked unchanged from the previous output, their copies (or their lack of any) with them. */
  private readonly carried = new Set<string>();
  private readonly workers = new Set<Promise<void>>();
  /** Where files under CACHED_FROM_BYTES are read, compressed and written. */
  private readonly threads = new CompressThreads(EARLY_CONCURRENCY);
  /** Files changed since were written by this build (or rewritten in place by a plugin). */
  private readonly startedAt: number;

  constructor(
    private readonly cacheDir: string,
    readonly outDir: string,
    private readonly previousOutDir: string | undefined,
  ) {
    this.startedAt = fileSystemNow(cacheDir);
    this.digests = openContentDigests(cacheDir);
  }

  add(file: string, derivedKept: boolean, bytes = 0): void {
    if (!COMPRESSIBLE.test(file)) return;
    if (derivedKept) {
      this.carried.add(file);
      return;
    }
    if (this.queued.has(file)) return;
    this.queued.add(file);
    // Large files jump the queue: the bundle's arrive after hundreds of pages' small files, and
    // PostgreSQL's 15 MB, left for postBuild, was the last 0.45 s of a cold build of this site.
    (bytes >= EARLY_FIRST_FROM_BYTES ? this.largeQueue : this.queue).push(file);
    if (this.workers.size >= EARLY_CONCURRENCY) return;
    const worker: Promise<void> = this.work(() => this.largeQueue.shift() ?? this.queue.shift(), true).finally(() => this.workers.delete(worker));
    this.workers.add(worker);
  }

  async finish(files: readonly string[]): Promise<void> {
    this.queue.length = 0;
    this.largeQueue.length = 0;
    await Promise.all(this.workers);
    // Most of a rebuild's files are settled by one stat (too small, made, or carried untouched):
    // answered here, not through an async call each (0.3 s of a 2,000-page rebuild's 34,000 files).
    let threadBytes = 0;
    const todo = files.filter((file) => {
      const size = COMPRESSIBLE.test(file) ? this.unsettledSize(file) : undefined;
      if (size !== undefined && size < CACHED_FROM_BYTES) threadBytes += size;
      return size !== undefined;
    });
    this.threads.allow(lastPassThreads(threadBytes));
    await Promise.all(Array.from({ length: COMPRESS_CONCURRENCY }, () => this.work(() => todo.shift(), false)));
  }

  close(): Promise<void> {
    return this.threads.close();
  }

  /**
   * The file's size when it needs more work, undefined when it needs nothing more: too small to
   * compress, or its copies fit it as it is now.
   */
  private unsettledSize(file: string): number | undefined {
    const stats = statSync(file, { throwIfNoEntry: false });
    // Gone: compressFile reports it.
    if (!stats) return 0;
    if (stats.size < MIN_BYTES || this.made.get(file) === fileVersion(stats)) return undefined;
    // Carried over with its copies and not rewritten since; a large one's cache entry is marked used in compressFile.
    if (stats.size >= CACHED_FROM_BYTES || stats.mtimeMs >= this.startedAt || !this.carried.delete(file)) return stats.size;
    this.made.set(file, fileVersion(stats));
    return undefined;
  }

  /** Compresses the files `next` gives until it gives none. Early, a failure waits for the last pass (the build may have failed and removed its folder). */
  private async work(next: () => string | undefined, early: boolean): Promise<void> {
    for (let file = next(); file !== undefined; file = next()) {
      await this.compressFile(file).catch((error: unknown) => {
        if (!early) throw error;
      });
    }
  }

  /** Keeps a large file's cached copies (by its bytes' key) past this build's end. */
  private async markUsed(file: string, size: number, contents: () => Promise<Buffer>): Promise<void> {
    cacheKey(file, size, await this.digests.digestOf(file, contents), this.used);
  }

  private async compressFile(file: string): Promise<void> {
    const stats = statSync(file);
    if (stats.size < MIN_BYTES || this.made.get(file) === fileVersion(stats)) return;
    // Carried over with its copies, and not rewritten in place by this build since: they fit it.
    const carried = this.carried.delete(file);
    if (carried && stats.mtimeMs < this.startedAt) {
      this.made.set(file, fileVersion(stats));
      if (stats.size >= CACHED_FROM_BYTES) await this.markUsed(file, stats.size, () => readFile(file));
      return;
    }
    // Made again after a change (or carried, then changed): the old copies may be links into the previous output.
    const again = this.made.delete(file) || carried;
    let bytes: Promise<Buffer> | undefined;
    const contents = () => (bytes ??= readFile(file));
    const previous = !again && this.previousOutDir ? await linkPrevious(this.previousOutDir, this.outDir, file, stats, contents, this.startedAt) : "unknown";
    if (previous === "linked") {
      if (stats.size >= CACHED_FROM_BYTES) await this.markUsed(file, stats.size, contents);
    } else if (stats.size < CACHED_FROM_BYTES) {
      await this.threads.run({ file, brotliQuality: brotliQuality(file), gzipLevel: gzipLevel(file, stats.size), minSavedBytes: MIN_SAVED_BYTES, removeOldCopies: again });
    } else {
      const data = await contents();
      // Not cached when the last output had other bytes here: such a file (llms-full.txt, 13 MB at
      // 2,000 pages) changes with every edit, so its copies would never be asked for again, and
      // keying them cost a rebuild a hash of the whole file and 3.3 MB of cache entries to write.
      const { br, gz } = data.length >= CACHED_FROM_BYTES && previous !== "changed" ? await compressCached(this.cacheDir, file, data, this.used) : await compress(file, data);
      // Those links must go first: writing through them would change the previous output.
      if (again) await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
      if (data.length - gz.length >= MIN_SAVED_BYTES) await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }
    this.made.set(file, fileVersion(stats));
  }
}

/**
 * Writes `.br` and `.gz` beside every text file of the output, so a static
 * server (ours, nginx `gzip_static`/`brotli_static`, most CDNs) sends them
 * without compressing on each request. Starts on each file as the build writes
 * it; finishes last, so it compresses what the other plugins wrote too.
 */
export function compressPlugin(context: Pick<PluginContext, "siteDir">): Plugin {
  const cacheDir = path.join(context.siteDir, "node_modules", ".cache", "graphile-docs", "compressed");
  let current: Compression | undefined;
  const compressionOf = (outDir: string, previousOutDir: string | undefined) => {
    // A build that failed before its postBuild left its compression behind: a new build starts afresh.
    if (current?.outDir !== outDir) {
      void current?.close();
      current = new Compression(cacheDir, outDir, previousOutDir);
    }
    return current;
  };
  return {
    name: "compress",
    id: "compress",
    derivedFileSuffixes: [".br", ".gz"],
    // Kept files' copies stay beside them; what is in outDir is all there is to compress.
    handlesPartialOutput: true,
    outputFileWritten({ file, outDir, previousOutDir, derivedKept = false, bytes }) {
      compressionOf(outDir, previousOutDir).add(file, derivedKept, bytes);
    },
    async postBuild({ outDir, previousOutDir }) {
      const compression = compressionOf(outDir, previousOutDir);
      current = undefined;
      try {
        await compression.finish(listFiles(outDir));
      } finally {
        await compression.close();
      }
      compression.digests.save();
      await removeUnused(cacheDir, compression.used);
    },
  };
}
