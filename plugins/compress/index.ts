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
 * Brotli quality 5: on this site's 7.7 MB of text it takes 0.4 s for 1.34 MB,
 * where quality 11 takes 44 s for 1.18 MB. A build should not wait a minute for 12 %.
 */
const BROTLI_QUALITY = 5;
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
            brotli(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }),
            gzipAsync(contents, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }
      };
      await Promise.all(Array.from({ length: COMPRESS_CONCURRENCY }, worker));
    },
  };
}
