import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "../../src/node/plugins/types";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a static server may send compressed. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|svg|txt|md|map|webmanifest)$/;
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
export function compressPlugin(): Plugin {
  return {
    name: "compress",
    id: "compress",
    async postBuild({ outDir }) {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      // zlib's async calls run on libuv's thread pool, so a few files at a time use every core; all
      // at once would hold every file and a compressor per file in memory (gigabytes on a large site).
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const file = files[next++];
          const contents = await readFile(file);
          if (contents.length < MIN_BYTES) continue;
          const [br, gz] = await Promise.all([
            brotli(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }),
            gzipAsync(contents, { level: GZIP_LEVEL }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }
      };
      await Promise.all(Array.from({ length: COMPRESS_CONCURRENCY }, worker));
    },
  };
}
