import { createHash } from "node:crypto";
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import type { Stats } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a static server may send compressed. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|svg|txt|md|map|webmanifest|wasm|data|pgdata)$/;
/**
 * Brotli quality 5 for scripts and styles: few files every visitor downloads (the main
 * script is 66.8 KB at 5, 70.8 KB at 4; quality 11 took 44 s on this site for 12 % less).
 * Quality 4 for pages and data, one or more per route and the bulk of a large site: on
 * 2,000 pages' 132 MB of text it takes 3.7 s where 5 takes 9.5 s, for 9 % more bytes.
 */
const brotliQuality = (file: string) => (/\.(js|mjs|css)$/.test(file) ? 5 : 4);
/** zlib's default level: level 9 took 8.6 s for 25.17 MB on that corpus, level 6 5.1 s for 25.40 MB. */
const GZIP_LEVEL = 6;
/** Files compressed at once: enough to keep libuv's four pool threads busy. */
const COMPRESS_CONCURRENCY = 8;
/** Below this a compressed copy saves less than the header costs. */
const MIN_BYTES = 1024;
/**
 * From this size compressed copies are kept between builds, keyed by content: the playground's
 * PostgreSQL (15 MB of wasm and data, the same in every build) costs 1.1 s of CPU to compress.
 * Smaller files are linked from the previous output when unchanged (see linkPrevious); keeping
 * their copies too would double the files a cold build makes, each about a millisecond here.
 */
const CACHED_FROM_BYTES = 256 * 1024;

type Compressed = { br: Buffer; gz: Buffer };

async function compress(file: string, contents: Buffer): Promise<Compressed> {
  const [br, gz] = await Promise.all([
    brotli(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }),
    gzipAsync(contents, { level: GZIP_LEVEL }),
  ]);
  return { br, gz };
}

/**
 * A large file's copies from an earlier build when its bytes are the same; a missing or unreadable
 * entry is a miss. `used` collects the entries this build needs; the rest are removed afterwards,
 * so the cache holds one build's worth.
 */
async function compressCached(cacheDir: string, file: string, contents: Buffer, used: Set<string>): Promise<Compressed> {
  const entry = path.join(cacheDir, cacheKey(file, contents, used));
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
function cacheKey(file: string, contents: Buffer, used: Set<string>): string {
  const key = createHash("sha256").update(`brotli ${brotliQuality(file)} gzip ${GZIP_LEVEL}\n`).update(contents).digest("hex");
  used.add(key);
  return key;
}

/**
 * Links the last output's copies when it had this file with the same bytes: on this machine's
 * disk, making a file costs about a millisecond and a link a fortieth of that, and most of a
 * rebuild's files are as they were. The build links its unchanged files from that output too:
 * the same inode is the same file, read by neither side.
 */
async function linkPrevious(previousOutDir: string, outDir: string, file: string, stats: Stats, contents: () => Promise<Buffer>): Promise<boolean> {
  const before = path.join(previousOutDir, path.relative(outDir, file));
  try {
    const [source, brotliCopy, gzipCopy] = await Promise.all([stat(before), stat(`${before}.br`), stat(`${before}.gz`)]);
    // Copies older than their file are stale: a plugin rewrote it in place (through the build's link, both names at once).
    if (Math.min(brotliCopy.mtimeMs, gzipCopy.mtimeMs) < source.mtimeMs) return false;
    const sameFile = source.ino === stats.ino && source.dev === stats.dev;
    if (!sameFile && (source.size !== stats.size || !(await readFile(before)).equals(await contents()))) return false;
    await Promise.all([link(`${before}.br`, `${file}.br`), link(`${before}.gz`, `${file}.gz`)]);
    return true;
  } catch {
    // One link may have been made: remove it, or writing the new copy would change the old output's file.
    await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
    return false;
  }
}

async function removeUnused(cacheDir: string, used: ReadonlySet<string>): Promise<void> {
  const entries = await readdir(cacheDir).catch(() => []);
  await Promise.all(entries.filter((name) => !used.has(name.replace(/\.(br|gz)(\.tmp-\d+)?$/, ""))).map((name) => rm(path.join(cacheDir, name), { force: true })));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `.br` and `.gz` beside every text file of the output, so a static
 * server (ours, nginx `gzip_static`/`brotli_static`, most CDNs) sends them
 * without compressing on each request. Runs last: it compresses what the
 * other plugins wrote too.
 */
export function compressPlugin(context: Pick<PluginContext, "siteDir">): Plugin {
  const cacheDir = path.join(context.siteDir, "node_modules", ".cache", "graphile-docs", "compressed");
  return {
    name: "compress",
    id: "compress",
    async postBuild({ outDir, previousOutDir }) {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      const used = new Set<string>();
      // zlib's async calls run on libuv's thread pool, so a few files at a time use every core; all
      // at once would hold every file and a compressor per file in memory (gigabytes on a large site).
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const file = files[next++];
          const stats = await stat(file);
          if (stats.size < MIN_BYTES) continue;
          let bytes: Promise<Buffer> | undefined;
          const contents = () => (bytes ??= readFile(file));
          if (previousOutDir && (await linkPrevious(previousOutDir, outDir, file, stats, contents))) {
            if (stats.size >= CACHED_FROM_BYTES) cacheKey(file, await contents(), used);
            continue;
          }
          const data = await contents();
          const { br, gz } = data.length >= CACHED_FROM_BYTES ? await compressCached(cacheDir, file, data, used) : await compress(file, data);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }
      };
      await Promise.all(Array.from({ length: COMPRESS_CONCURRENCY }, worker));
      await removeUnused(cacheDir, used);
    },
  };
}
