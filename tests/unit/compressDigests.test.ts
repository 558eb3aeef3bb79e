import { createHash } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPlugin } from "../../plugins/compress";
import { CONTENT_DIGESTS_FILE, openContentDigests } from "../../plugins/compress/contentDigests";
import { RACY_FILE_MS } from "../../src/core/constants";
import type { PostBuildArgs } from "../../src/node/plugins/types";
import { tempFolders } from "./helpers/tempFolders";

const folder = tempFolders("compress-digests");

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** A reader that counts how often the file was read. */
function countingReader(file: string) {
  const reader = async () => {
    reader.reads += 1;
    return readFileSync(file);
  };
  reader.reads = 0;
  return reader;
}

/** A clock this long after the file's last change. */
const laterThan = (file: string, ms: number) => () => statSync(file).mtimeMs + ms;

describe("the digests of large output files kept between builds", () => {
  it("are read from the last build's record while the file's stat is the same, and worked out again once it is modified", async () => {
    const dir = folder();
    const cacheDir = path.join(dir, "cache");
    const database = path.join(dir, "pglite.data");
    writeFileSync(database, "PostgreSQL's files, first edition");
    const firstBuild = openContentDigests(cacheDir, laterThan(database, RACY_FILE_MS + 1));
    const firstRead = countingReader(database);
    expect(await firstBuild.digestOf(database, firstRead)).toBe(sha256("PostgreSQL's files, first edition"));
    expect(firstRead.reads).toBe(1);
    firstBuild.save();

    const secondRead = countingReader(database);
    expect(await openContentDigests(cacheDir, laterThan(database, RACY_FILE_MS + 1)).digestOf(database, secondRead)).toBe(sha256("PostgreSQL's files, first edition"));
    expect(secondRead.reads).toBe(0);

    // Same size, a later modification time.
    const { atime, mtime } = statSync(database);
    writeFileSync(database, "PostgreSQL's files, other edition");
    utimesSync(database, atime, new Date(mtime.getTime() + 1000));
    const thirdRead = countingReader(database);
    expect(await openContentDigests(cacheDir, laterThan(database, RACY_FILE_MS + 1)).digestOf(database, thirdRead)).toBe(sha256("PostgreSQL's files, other edition"));
    expect(thirdRead.reads).toBe(1);
  });

  it("keep no digest of a file changed just before it was read, and only the digests the last build asked for", async () => {
    const dir = folder();
    const cacheDir = path.join(dir, "cache");
    const [fresh, settled, dropped] = ["fresh.wasm", "settled.wasm", "dropped.wasm"].map((name) => path.join(dir, name));
    for (const file of [fresh, settled, dropped]) writeFileSync(file, `${path.basename(file)} bytes`);
    const justChanged = openContentDigests(cacheDir, laterThan(fresh, RACY_FILE_MS - 500));
    await justChanged.digestOf(fresh, countingReader(fresh));
    justChanged.save();
    const freshRead = countingReader(fresh);
    await openContentDigests(cacheDir, laterThan(fresh, RACY_FILE_MS + 1)).digestOf(fresh, freshRead);
    expect(freshRead.reads).toBe(1);

    const second = openContentDigests(cacheDir, laterThan(settled, RACY_FILE_MS + 1));
    for (const file of [settled, dropped]) await second.digestOf(file, countingReader(file));
    second.save();
    const third = openContentDigests(cacheDir, laterThan(settled, RACY_FILE_MS + 1));
    await third.digestOf(settled, countingReader(settled));
    third.save();
    const kept = JSON.parse(readFileSync(path.join(cacheDir, CONTENT_DIGESTS_FILE), "utf8")) as Record<string, string>;
    expect(Object.values(kept)).toEqual([sha256("settled.wasm bytes")]);
  });

  it("survive the compression's clearing of copies no build uses, keep the large file's copies in use, and never choose a file's copies", async () => {
    const siteDir = folder();
    const previousOutDir = path.join(siteDir, "build");
    mkdirSync(path.join(previousOutDir, "assets"), { recursive: true });
    const wasm = Buffer.alloc(400 * 1024);
    for (let index = 0; index < wasm.length; index++) wasm[index] = index % 11 === 0 ? index % 199 : 0;
    const wasmFile = path.join(previousOutDir, "assets", "initdb-q1.wasm");
    writeFileSync(wasmFile, wasm);
    // Last modified a minute ago, in whole seconds: its digest is kept, and the time can be put back exactly.
    const minuteAgo = Math.floor(Date.now() / 1000) - 60;
    utimesSync(wasmFile, minuteAgo, minuteAgo);
    await compressPlugin({ siteDir }).postBuild!({ outDir: previousOutDir } as PostBuildArgs);
    const cacheDir = path.join(siteDir, "node_modules/.cache/graphile-docs/compressed");
    const cacheEntries = () => readdirSync(cacheDir).sort();
    // Copies only: compressing afresh looks them up by the bytes read, and keeps no digest.
    const copies = cacheEntries();
    expect(copies).toHaveLength(2);

    // The next build links the unchanged file and its copies, as the output writer does.
    const outDir = path.join(siteDir, "build.next");
    mkdirSync(path.join(outDir, "assets"), { recursive: true });
    for (const suffix of ["", ".br", ".gz"]) linkSync(`${wasmFile}${suffix}`, path.join(outDir, "assets", `initdb-q1.wasm${suffix}`));
    const plugin = compressPlugin({ siteDir });
    plugin.outputFileWritten!({ file: path.join(outDir, "assets", "initdb-q1.wasm"), outDir, previousOutDir, derivedKept: true });
    await plugin.postBuild!({ outDir, previousOutDir } as PostBuildArgs);
    expect(cacheEntries()).toEqual([CONTENT_DIGESTS_FILE, ...copies].sort());

    // Other bytes at the same size with the old time put back: the kept digest no longer fits, and the copies follow the bytes.
    const changed = Buffer.from(wasm);
    changed[1] = 7;
    rmSync(path.join(outDir, "assets", "initdb-q1.wasm.br"));
    rmSync(path.join(outDir, "assets", "initdb-q1.wasm.gz"));
    writeFileSync(path.join(outDir, "assets", "initdb-q1.wasm"), changed);
    utimesSync(wasmFile, minuteAgo, minuteAgo);
    await compressPlugin({ siteDir }).postBuild!({ outDir } as PostBuildArgs);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "assets", "initdb-q1.wasm.br"))).equals(changed)).toBe(true);
  });
});
