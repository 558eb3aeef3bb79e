import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressPlugin, lastPassThreads } from "../../plugins/compress";
import { CompressThreads } from "../../plugins/compress/compressThreads";
import type { PostBuildArgs } from "../../src/node/plugins/types";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A site folder with a build output holding a page, a small script and a large WebAssembly file. */
function siteWithOutput() {
  const siteDir = mkdtempSync(path.join(tmpdir(), "compress-"));
  folders.push(siteDir);
  const outDir = path.join(siteDir, "build");
  mkdirSync(path.join(outDir, "assets"), { recursive: true });
  const page = "<!doctype html><title>Orders</title>" + "<p>An order has lines and a total.</p>".repeat(60);
  // Varied bytes, like a real module: compressible but not trivially.
  const wasm = Buffer.alloc(600 * 1024);
  for (let index = 0; index < wasm.length; index++) wasm[index] = (index * 7) % 13 === 0 ? index % 251 : 0;
  writeFileSync(path.join(outDir, "orders.html"), page);
  writeFileSync(path.join(outDir, "assets", "tiny.js"), "export const x = 1;");
  writeFileSync(path.join(outDir, "assets", "pglite-abc.wasm"), wasm);
  return { siteDir, outDir, page, wasm };
}

async function compressOutput(siteDir: string, outDir: string) {
  await compressPlugin({ siteDir }).postBuild!({ outDir } as PostBuildArgs);
}

describe("compressed copies", () => {
  it("writes .br and .gz beside pages and WebAssembly that decompress to the original, none for tiny files", async () => {
    const { siteDir, outDir, page, wasm } = siteWithOutput();
    await compressOutput(siteDir, outDir);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "orders.html.br"))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(page);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "assets", "pglite-abc.wasm.br"))).equals(wasm)).toBe(true);
    expect(gunzipSync(readFileSync(path.join(outDir, "assets", "pglite-abc.wasm.gz"))).equals(wasm)).toBe(true);
    expect(readdirSync(path.join(outDir, "assets")).filter((file) => file.startsWith("tiny"))).toEqual(["tiny.js"]);
  });

  it("gzips a text file of a megabyte or more at the fastest level (rebuilt with any page), and a page at the default", async () => {
    const { siteDir, outDir } = siteWithOutput();
    const everything = Array.from({ length: 30000 }, (_, index) => `Line ${index}: an order has ${index % 17} lines and a total of ${index * 3}.`).join("\n");
    writeFileSync(path.join(outDir, "llms-full.txt"), everything);
    await compressOutput(siteDir, outDir);
    const big = readFileSync(path.join(outDir, "llms-full.txt.gz"));
    expect(gunzipSync(big).toString()).toBe(everything);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "llms-full.txt.br"))).toString()).toBe(everything);
    // The header's extra-flags byte: 4 says the fastest level, 0 a middle one.
    expect(big[8]).toBe(4);
    expect(readFileSync(path.join(outDir, "orders.html.gz"))[8]).toBe(0);
  });

  it("gzips pages and data at level 4 and scripts and styles at zlib's default, 6", async () => {
    const { siteDir, outDir } = siteWithOutput();
    const page = "<!doctype html><title>Orders</title>" + Array.from({ length: 600 }, (_, index) => `<p>Order ${(index * 7919) % 1000} has ${index % 13} lines and a total of ${(index * 104729) % 99991}.</p>`).join("");
    const script = Array.from({ length: 400 }, (_, index) => `export const total${index} = (order) => order.lines.reduce((sum, line) => sum + line.price * ${index % 9}, 0);`).join("\n");
    writeFileSync(path.join(outDir, "orders.html"), page);
    writeFileSync(path.join(outDir, "assets", "orders.js"), script);
    await compressOutput(siteDir, outDir);
    // The same zlib at the same level makes the same bytes; levels 4 and 6 differ on these inputs.
    for (const text of [page, script]) expect(gzipSync(text, { level: 4 }).equals(gzipSync(text, { level: 6 }))).toBe(false);
    expect(readFileSync(path.join(outDir, "orders.html.gz")).equals(gzipSync(page, { level: 4 }))).toBe(true);
    expect(readFileSync(path.join(outDir, "assets", "orders.js.gz")).equals(gzipSync(script, { level: 6 }))).toBe(true);
  });

  it("writes no copies of a file gzip would shrink by less than 1,400 bytes (what Lighthouse ignores), and none in the next build either", async () => {
    const { siteDir, outDir } = siteWithOutput();
    // A search-index file of hits: 1.9 KB of varied text that gzip takes to about 1 KB.
    const hits = JSON.stringify({ start: 40, r: Array.from({ length: 18 }, (_, n) => [`/docs/guide/page-${n * 37}`, `Handling ${["orders", "refunds", "invoices"][n % 3]} ${n}`, 2, `Step ${n * 13}`, "", 0, 1, `Lines ${n * 7919} and totals`, 0]) });
    expect(hits.length).toBeGreaterThan(1500);
    writeFileSync(path.join(outDir, "assets", "hits-4.json"), hits);
    await compressOutput(siteDir, outDir);
    expect(readdirSync(path.join(outDir, "assets")).filter((file) => file.startsWith("hits-4"))).toEqual(["hits-4.json"]);
    expect(existsSync(path.join(outDir, "orders.html.gz"))).toBe(true);
    // The next build links the unchanged file: still no copies, and the page's are linked.
    const nextOutDir = path.join(siteDir, "build.next");
    mkdirSync(path.join(nextOutDir, "assets"), { recursive: true });
    linkSync(path.join(outDir, "assets", "hits-4.json"), path.join(nextOutDir, "assets", "hits-4.json"));
    linkSync(path.join(outDir, "orders.html"), path.join(nextOutDir, "orders.html"));
    await compressPlugin({ siteDir }).postBuild!({ outDir: nextOutDir, previousOutDir: outDir } as PostBuildArgs);
    expect(readdirSync(path.join(nextOutDir, "assets"))).toEqual(["hits-4.json"]);
    expect(statSync(path.join(nextOutDir, "orders.html.br")).ino).toBe(statSync(path.join(outDir, "orders.html.br")).ino);
  });

  it("compresses a small file a plugin rewrote in place into one worth compressing", async () => {
    const { siteDir, outDir: previousOutDir } = siteWithOutput();
    writeFileSync(path.join(previousOutDir, "assets", "notes.json"), JSON.stringify({ note: "short" }));
    await compressOutput(siteDir, previousOutDir);
    const outDir = path.join(siteDir, "build.next");
    mkdirSync(path.join(outDir, "assets"), { recursive: true });
    linkSync(path.join(previousOutDir, "assets", "notes.json"), path.join(outDir, "assets", "notes.json"));
    const plugin = compressPlugin({ siteDir });
    plugin.outputFileWritten!({ file: path.join(outDir, "assets", "notes.json"), outDir, previousOutDir });
    const grown = JSON.stringify({ notes: Array.from({ length: 200 }, (_, n) => `Order ${n} has its lines and a total.`) });
    writeFileSync(path.join(outDir, "assets", "notes.json"), grown);
    await plugin.postBuild!({ outDir, previousOutDir } as PostBuildArgs);
    expect(gunzipSync(readFileSync(path.join(outDir, "assets", "notes.json.gz"))).toString()).toBe(grown);
  });

  it("reuses a large file's copies from the last build when its bytes are the same, and keeps only that build's copies", async () => {
    const first = siteWithOutput();
    await compressOutput(first.siteDir, first.outDir);
    const cacheDir = path.join(first.siteDir, "node_modules", ".cache", "graphile-docs", "compressed");
    const brotliEntries = () => readdirSync(cacheDir).filter((entry) => entry.endsWith(".br"));
    // Only the WebAssembly is large enough to be kept; the page is linked from the last output instead.
    expect(brotliEntries()).toHaveLength(1);
    // A marked cache entry shows whether the next build took its copy from the cache.
    const marked = brotliCompressSync(Buffer.from("taken from the cache"));
    writeFileSync(path.join(cacheDir, brotliEntries()[0]), marked);
    // The same bytes under another hashed name in a fresh output: the copy comes from the cache.
    rmSync(first.outDir, { recursive: true });
    mkdirSync(path.join(first.outDir, "assets"), { recursive: true });
    writeFileSync(path.join(first.outDir, "assets", "pglite-def.wasm"), first.wasm);
    await compressOutput(first.siteDir, first.outDir);
    expect(readFileSync(path.join(first.outDir, "assets", "pglite-def.wasm.br")).equals(marked)).toBe(true);
    // Different bytes: compressed afresh, and the copies no build uses any more are gone.
    const changed = Buffer.from(first.wasm);
    changed[0] = 42;
    writeFileSync(path.join(first.outDir, "assets", "pglite-def.wasm"), changed);
    await compressOutput(first.siteDir, first.outDir);
    expect(brotliDecompressSync(readFileSync(path.join(first.outDir, "assets", "pglite-def.wasm.br"))).equals(changed)).toBe(true);
    expect(brotliEntries()).toHaveLength(1);
  });

  it("links the previous output's copies of a file whose bytes did not change, and never writes into that output", async () => {
    const { siteDir, outDir: previousOutDir, page, wasm } = siteWithOutput();
    await compressOutput(siteDir, previousOutDir);
    const outDir = path.join(siteDir, "build.next");
    mkdirSync(path.join(outDir, "assets"), { recursive: true });
    writeFileSync(path.join(outDir, "orders.html"), page);
    const editedWasm = Buffer.from(wasm);
    editedWasm[1] = 7;
    writeFileSync(path.join(outDir, "assets", "pglite-abc.wasm"), editedWasm);
    const previousBrotli = readFileSync(path.join(previousOutDir, "assets", "pglite-abc.wasm.br"));
    await compressPlugin({ siteDir }).postBuild!({ outDir, previousOutDir } as PostBuildArgs);
    const inode = (file: string) => statSync(file).ino;
    expect(inode(path.join(outDir, "orders.html.br"))).toBe(inode(path.join(previousOutDir, "orders.html.br")));
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(page);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "assets", "pglite-abc.wasm.br"))).equals(editedWasm)).toBe(true);
    expect(readFileSync(path.join(previousOutDir, "assets", "pglite-abc.wasm.br")).equals(previousBrotli)).toBe(true);
    // A large file whose bytes changed since the last output is not kept in the cache: such a file
    // (llms-full.txt) changes with every edit. The old bytes' entry, unused now, is gone too.
    const cacheDir = path.join(siteDir, "node_modules", ".cache", "graphile-docs", "compressed");
    expect(readdirSync(cacheDir).filter((entry) => /\.(br|gz)$/.test(entry))).toEqual([]);
  });

  it("compresses afresh, leaving the previous output as it was, when a copy there is missing", async () => {
    const { siteDir, outDir: previousOutDir, page } = siteWithOutput();
    await compressOutput(siteDir, previousOutDir);
    // Its brotli copy links, its gzip copy does not: the brotli link must go before the new copy is written.
    rmSync(path.join(previousOutDir, "orders.html.gz"));
    const previousBrotli = readFileSync(path.join(previousOutDir, "orders.html.br"));
    const outDir = path.join(siteDir, "build.next");
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "orders.html"), page);
    await compressPlugin({ siteDir }).postBuild!({ outDir, previousOutDir } as PostBuildArgs);
    expect(statSync(path.join(outDir, "orders.html.br")).ino).not.toBe(statSync(path.join(previousOutDir, "orders.html.br")).ino);
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(page);
    expect(readFileSync(path.join(previousOutDir, "orders.html.br")).equals(previousBrotli)).toBe(true);
  });
  it("links the copies of a file the build linked from the previous output, and compresses afresh one a plugin then rewrote in place", async () => {
    const { siteDir, outDir: previousOutDir } = siteWithOutput();
    await compressOutput(siteDir, previousOutDir);
    const outDir = path.join(siteDir, "build.next");
    mkdirSync(outDir, { recursive: true });
    // The build linked the unchanged page; a later plugin's in-place write changes both names at once.
    linkSync(path.join(previousOutDir, "orders.html"), path.join(outDir, "orders.html"));
    mkdirSync(path.join(outDir, "assets"));
    linkSync(path.join(previousOutDir, "assets", "pglite-abc.wasm"), path.join(outDir, "assets", "pglite-abc.wasm"));
    const rewritten = `<!doctype html><p>${"Rewritten by a plugin after the build. ".repeat(60)}</p>`;
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(path.join(outDir, "orders.html"), rewritten);
    await compressPlugin({ siteDir }).postBuild!({ outDir, previousOutDir } as PostBuildArgs);
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(rewritten);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "orders.html.br"))).toString()).toBe(rewritten);
    // The untouched link is the same file: its copies are linked, not made again.
    expect(statSync(path.join(outDir, "assets", "pglite-abc.wasm.br")).ino).toBe(statSync(path.join(previousOutDir, "assets", "pglite-abc.wasm.br")).ino);
  });
  it("starts on files as the build writes them, and compresses again one a later plugin changed before the end", async () => {
    const { siteDir, outDir, wasm } = siteWithOutput();
    const plugin = compressPlugin({ siteDir });
    plugin.outputFileWritten!({ file: path.join(outDir, "orders.html"), outDir });
    plugin.outputFileWritten!({ file: path.join(outDir, "assets", "pglite-abc.wasm"), outDir });
    // Long enough for the page's copies to be made before the build's last step.
    for (let waited = 0; waited < 2000 && !existsSync(path.join(outDir, "orders.html.gz")); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(path.join(outDir, "orders.html.br"))).toBe(true);
    const changed = `<!doctype html><p>${"Changed by a later plugin's postBuild. ".repeat(60)}</p>`;
    writeFileSync(path.join(outDir, "orders.html"), changed);
    await plugin.postBuild!({ outDir } as PostBuildArgs);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "orders.html.br"))).toString()).toBe(changed);
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(changed);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "assets", "pglite-abc.wasm.br"))).equals(wasm)).toBe(true);
  });
  it("while the build writes, compresses a large file before the pages queued ahead of it (the bundle's files come after the pages')", async () => {
    const { siteDir, outDir, page, wasm } = siteWithOutput();
    const plugin = compressPlugin({ siteDir });
    const pages = Array.from({ length: 60 }, (_, index) => path.join(outDir, `order-${index}.html`));
    for (const file of pages) writeFileSync(file, page.replace("Orders", path.basename(file)));
    for (const file of pages) plugin.outputFileWritten!({ file, outDir, bytes: page.length });
    plugin.outputFileWritten!({ file: path.join(outDir, "assets", "pglite-abc.wasm"), outDir, bytes: wasm.length });
    const done = () => [...pages, path.join(outDir, "assets", "pglite-abc.wasm")].every((file) => existsSync(`${file}.gz`));
    for (let waited = 0; waited < 5000 && !done(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    // The file system's clock: pages compressed before the large file have copies older than its own.
    const largeMadeAt = statSync(path.join(outDir, "assets", "pglite-abc.wasm.gz")).mtimeMs;
    const pagesBefore = pages.filter((file) => statSync(`${file}.gz`).mtimeMs < largeMadeAt);
    // Only the first page, started before the large file was queued.
    expect(pagesBefore.length).toBeLessThanOrEqual(1);
    await plugin.postBuild!({ outDir } as PostBuildArgs);
    expect(brotliDecompressSync(readFileSync(path.join(outDir, "assets", "pglite-abc.wasm.br"))).equals(wasm)).toBe(true);
  });
  it("drops quietly what it started on when the build fails and removes its folder, and starts afresh next time", async () => {
    const first = siteWithOutput();
    const plugin = compressPlugin({ siteDir: first.siteDir });
    for (const file of ["orders.html", "assets/pglite-abc.wasm"]) plugin.outputFileWritten!({ file: path.join(first.outDir, file), outDir: first.outDir });
    rmSync(first.outDir, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The same folder again, as the next build in the same process writes it.
    mkdirSync(first.outDir, { recursive: true });
    writeFileSync(path.join(first.outDir, "orders.html"), first.page);
    plugin.outputFileWritten!({ file: path.join(first.outDir, "orders.html"), outDir: first.outDir });
    await plugin.postBuild!({ outDir: first.outDir } as PostBuildArgs);
    expect(gunzipSync(readFileSync(path.join(first.outDir, "orders.html.gz"))).toString()).toBe(first.page);
  });
  it("leaves the copies the build carried over from the last output, and makes new ones for a carried file rewritten since", async () => {
    const { siteDir, outDir: previousOutDir } = siteWithOutput();
    await compressOutput(siteDir, previousOutDir);
    const outDir = path.join(siteDir, "build.next");
    mkdirSync(path.join(outDir, "assets"), { recursive: true });
    // What the output writer does for an unchanged file: the file and its copies, linked.
    for (const file of ["orders.html", "assets/pglite-abc.wasm"]) for (const suffix of ["", ".br", ".gz"]) linkSync(path.join(previousOutDir, file + suffix), path.join(outDir, file + suffix));
    const plugin = compressPlugin({ siteDir });
    for (const file of ["orders.html", "assets/pglite-abc.wasm"]) plugin.outputFileWritten!({ file: path.join(outDir, file), outDir, previousOutDir, derivedKept: true });
    const before = readFileSync(path.join(previousOutDir, "orders.html"), "utf8");
    // A later plugin rewrites the page in place: not through the link, as a careful plugin does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const rewritten = `<!doctype html><p>${"Rewritten after the build. ".repeat(80)}</p>`;
    rmSync(path.join(outDir, "orders.html"));
    writeFileSync(path.join(outDir, "orders.html"), rewritten);
    await plugin.postBuild!({ outDir, previousOutDir } as PostBuildArgs);
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(rewritten);
    expect(gunzipSync(readFileSync(path.join(previousOutDir, "orders.html.gz"))).toString()).toBe(before);
    expect(statSync(path.join(outDir, "assets", "pglite-abc.wasm.br")).ino).toBe(statSync(path.join(previousOutDir, "assets", "pglite-abc.wasm.br")).ino);
    // The large file's cached copies are still this build's: the next cold compression finds them.
    expect(readdirSync(path.join(siteDir, "node_modules/.cache/graphile-docs/compressed")).filter((entry) => /\.(br|gz)$/.test(entry))).toHaveLength(2);
  });
});

describe("the compression threads", () => {
  it("let a build that fails before its end exit, with nothing written half", () => {
    const { siteDir, outDir } = siteWithOutput();
    // A build that writes a page and then fails: its postBuild, which would end the threads, never runs.
    const script = `
      const { compressPlugin } = await import(${JSON.stringify(path.resolve("plugins/compress/index.ts"))});
      const plugin = compressPlugin({ siteDir: ${JSON.stringify(siteDir)} });
      plugin.outputFileWritten({ file: ${JSON.stringify(path.join(outDir, "orders.html"))}, outDir: ${JSON.stringify(outDir)} });
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.exitCode = 3;
    `;
    const started = Date.now();
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(3);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The page's copies were made whole while the build ran.
    expect(gunzipSync(readFileSync(path.join(outDir, "orders.html.gz"))).toString()).toBe(readFileSync(path.join(outDir, "orders.html"), "utf8"));
  });

  it("number one for a last pass of a few megabytes (a thread costs what 2 MB take to compress), and one more per 4 MB beyond, up to the cores", () => {
    const megabytes = (count: number) => count * 1024 * 1024;
    expect(lastPassThreads(0, 4)).toBe(1);
    expect(lastPassThreads(megabytes(2.5), 4)).toBe(1);
    expect(lastPassThreads(megabytes(4) + 1, 4)).toBe(2);
    expect(lastPassThreads(megabytes(100), 2)).toBe(2);
    expect(lastPassThreads(megabytes(100), 4)).toBe(4);
  });

  it("fail the jobs still waiting when they are closed, instead of leaving them pending", async () => {
    const { outDir } = siteWithOutput();
    const threads = new CompressThreads(1);
    const job = (file: string) => threads.run({ file: path.join(outDir, file), brotliQuality: 4, gzipLevel: 6, minSavedBytes: 1400, removeOldCopies: false });
    // Both outcomes are watched before closing: the rejections come while close() runs.
    const outcomes = Promise.allSettled([job("assets/pglite-abc.wasm"), job("orders.html")]);
    await threads.close();
    const [first, queued] = await outcomes;
    expect(first.status === "rejected" && String(first.reason)).toContain("compression stopped");
    expect(queued.status === "rejected" && String(queued.reason)).toContain("compression stopped");
  });
});
