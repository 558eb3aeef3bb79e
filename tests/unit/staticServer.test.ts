import fs, { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import http from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ASSETS_MANIFEST_FILE } from "../../src/node/build/assetsManifest";
import { createStaticServer } from "../../src/node/serve/staticServer";
import { isGzipped } from "../../src/core/playground";

let top: string;
let root: string;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  top = mkdtempSync(path.join(tmpdir(), "serve-"));
  // The site itself sits under a folder named "assets": that must not make its HTML immutable.
  root = path.join(top, "assets", "site");
  mkdirSync(path.join(root, "assets"), { recursive: true });
  mkdirSync(path.join(root, "guide", "my page"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), "<h1>home</h1>");
  writeFileSync(path.join(root, "404.html"), "<h1>not here</h1>");
  writeFileSync(path.join(root, "guide", "my page", "index.html"), "<h1>spaced</h1>");
  writeFileSync(path.join(root, "assets", "main-AbCd1234.js"), "console.log(1)");
  writeFileSync(path.join(root, "assets", "logo.svg"), "<svg/>");
  writeFileSync(path.join(root, ASSETS_MANIFEST_FILE), "assets/main-AbCd1234.js\n");
  writeFileSync(path.join(root, "big.txt"), "0123456789".repeat(100));
  const css = "body{color:red}".repeat(50);
  writeFileSync(path.join(root, "style.css"), css);
  writeFileSync(path.join(root, "style.css.br"), brotliCompressSync(css));
  writeFileSync(path.join(root, "style.css.gz"), gzipSync(css));
  // A docs page's Markdown copy sits beside the folder of its HTML page, as the llms plugin writes it.
  const markdown = "# Guide\n\nCafé ☕\n".repeat(80);
  writeFileSync(path.join(root, "guide.md"), markdown);
  writeFileSync(path.join(root, "guide.md.br"), brotliCompressSync(markdown));
  writeFileSync(path.join(root, "llms.txt"), "# Site\n\n> Café\n");
  for (const ext of ["pdf", "woff2", "ttf", "wasm", "mp4", "map", "webmanifest"]) writeFileSync(path.join(root, `file.${ext}`), "x");
  writeFileSync(path.join(top, "secret.txt"), "secret");
  symlinkSync(path.join(top, "secret.txt"), path.join(root, "passwd"));
  const server = createStaticServer(root);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  rmSync(top, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
});

/** A raw request: fetch would normalise "/../x" away before sending it. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string>; bytes(): Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = http.request({ hostname, port, path: url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        let body = Buffer.concat(chunks);
        if (response.headers["content-encoding"] === "br") body = brotliDecompressSync(body);
        if (response.headers["content-encoding"] === "gzip") body = gunzipSync(body);
        resolve({
          status: response.statusCode!,
          headers: { get: (name) => (response.headers[name.toLowerCase()] as string | undefined) ?? null },
          text: async () => body.toString("utf8"),
          bytes: () => body,
        });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("static server", () => {
  it("answers unknown paths with 404.html and status 404, and refuses to leave the folder", async () => {
    const missing = await get("/nope");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("<h1>not here</h1>");
    for (const attempt of ["/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2fsecret.txt"]) expect((await get(attempt)).status).toBe(403);
  });

  it("does not follow a link out of the folder, nor serve its own bookkeeping files", async () => {
    expect((await get("/passwd")).status).toBe(404);
    expect((await get(`/${ASSETS_MANIFEST_FILE}`)).status).toBe(404);
  });

  it("serves percent-encoded paths from their decoded file names", async () => {
    const page = await get("/guide/my%20page");
    expect(page.status).toBe(200);
    expect(await page.text()).toBe("<h1>spaced</h1>");
  });

  it("sends ETag and Last-Modified, and 304 to a client that has the file", async () => {
    const first = await get("/big.txt");
    const etag = first.headers.get("etag")!;
    const modified = first.headers.get("last-modified")!;
    expect(etag).toBeTruthy();
    expect(modified).toBeTruthy();
    expect((await get("/big.txt", { "If-None-Match": etag })).status).toBe(304);
    expect((await get("/big.txt", { "If-Modified-Since": modified })).status).toBe(304);
  });

  it("answers Range requests with the asked bytes", async () => {
    const part = await get("/big.txt", { Range: "bytes=10-14" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 10-14/1000");
    expect(await part.text()).toBe("01234");
    expect((await get("/big.txt", { Range: "bytes=-3" })).headers.get("content-range")).toBe("bytes 997-999/1000");
  });

  it("knows the types of fonts, documents, media and manifests, and says nosniff", async () => {
    const expected: Record<string, string> = { pdf: "application/pdf", woff2: "font/woff2", ttf: "font/ttf", wasm: "application/wasm", mp4: "video/mp4", map: "application/json", webmanifest: "application/manifest+json" };
    for (const [ext, type] of Object.entries(expected)) {
      const response = await get(`/file.${ext}`);
      expect(response.headers.get("content-type")).toContain(type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("sends Markdown copies as UTF-8 text/markdown, compressed or not, and llms.txt as UTF-8 text/plain", async () => {
    for (const encoding of ["br", "identity"]) {
      const response = await get("/guide.md", { "Accept-Encoding": encoding });
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(await response.text()).toBe("# Guide\n\nCafé ☕\n".repeat(80));
    }
    const index = await get("/llms.txt");
    expect(index.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await index.text()).toBe("# Site\n\n> Café\n");
  });

  it("sends a precompressed sibling to clients that accept it, the plain file to others", async () => {
    const compressed = await get("/style.css", { "Accept-Encoding": "gzip, br" });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("content-type")).toContain("text/css");
    expect(compressed.headers.get("vary")).toBe("Accept-Encoding");
    expect(await compressed.text()).toBe("body{color:red}".repeat(50));
    const gzipped = await get("/style.css", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("content-type")).toContain("text/css");
    expect(await gzipped.text()).toBe("body{color:red}".repeat(50));
    const plain = await get("/style.css", { "Accept-Encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe("body{color:red}".repeat(50));
  });

  it("sends the playground's gzipped database as gzip-encoded to clients that take gzip, as stored bytes to others", async () => {
    const tar = "pg_data/PG_VERSION\0".padEnd(1024, "\0");
    writeFileSync(path.join(root, "assets", "database-0a1b2c.pgdata"), gzipSync(tar));
    const encoded = await get("/assets/database-0a1b2c.pgdata", { "Accept-Encoding": "gzip, deflate, br" });
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(encoded.headers.get("vary")).toBe("Accept-Encoding");
    expect(await encoded.text()).toBe(tar);
    const stored = await get("/assets/database-0a1b2c.pgdata", { "Accept-Encoding": "br" });
    expect(stored.headers.get("content-encoding")).toBeNull();
    expect(stored.headers.get("vary")).toBe("Accept-Encoding");
    expect(isGzipped(stored.bytes())).toBe(true);
    expect(gunzipSync(stored.bytes()).toString("utf8")).toBe(tar);
    // Two representations of one file: a cache must not answer one with the other.
    expect(encoded.headers.get("etag")).not.toBe(stored.headers.get("etag"));
    // A range is of the stored bytes, so it goes out without the encoding.
    const range = await get("/assets/database-0a1b2c.pgdata", { "Accept-Encoding": "gzip", Range: "bytes=0-1" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-encoding")).toBeNull();
  });

  it("gives each encoding its own ETag, so a cached brotli body is never revalidated for a gzip reader", async () => {
    // Same size and time for every sibling: only the encoding tells the representations apart.
    const when = new Date("2024-01-01T00:00:00Z");
    writeFileSync(path.join(root, "same.js"), "aaaa");
    writeFileSync(path.join(root, "same.js.br"), "bbbb");
    writeFileSync(path.join(root, "same.js.gz"), "cccc");
    for (const file of ["same.js", "same.js.br", "same.js.gz"]) fs.utimesSync(path.join(root, file), when, when);
    const raw = (accept: string, extra: Record<string, string> = {}) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        const { hostname, port } = new URL(base);
        http.get({ hostname, port, path: "/same.js", headers: { "Accept-Encoding": accept, ...extra } }, (response) => resolve(response.resume())).on("error", reject);
      });
    const tags = await Promise.all(["br", "gzip", "identity"].map(async (accept) => (await raw(accept)).headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect((await raw("gzip", { "If-None-Match": tags[1]! })).statusCode).toBe(304);
    expect((await raw("gzip", { "If-None-Match": tags[0]! })).statusCode).toBe(200);
  });

  it("caches immutably only the hashed files the build listed", async () => {
    expect((await get("/assets/main-AbCd1234.js")).headers.get("cache-control")).toContain("immutable");
    expect((await get("/assets/logo.svg")).headers.get("cache-control")).toBe("no-cache");
    expect((await get("/")).headers.get("cache-control")).toBe("no-cache");
  });

  it("answers 503 when out of file handles and 500 on another read error, then keeps serving", async () => {
    const original = fs.createReadStream;
    for (const [code, status] of [["EMFILE", 503], ["EIO", 500]] as const) {
      vi.spyOn(fs, "createReadStream").mockImplementation(((...args: Parameters<typeof fs.createReadStream>) => {
        const stream = original(...args);
        stream.once("open", () => stream.destroy(Object.assign(new Error(`${code}: injected`), { code })));
        return stream;
      }) as typeof fs.createReadStream);
      syncBuiltinESMExports();
      expect((await get("/big.txt")).status).toBe(status);
      vi.restoreAllMocks();
      syncBuiltinESMExports();
    }
    expect((await get("/big.txt")).status).toBe(200);
  });

  it("answers 404 when the file is deleted between lookup and read (a rebuild while serving)", async () => {
    const original = fs.createReadStream;
    const doomed = path.join(root, "doomed.txt");
    writeFileSync(doomed, "soon gone");
    vi.spyOn(fs, "createReadStream").mockImplementation(((...args: Parameters<typeof fs.createReadStream>) => {
      rmSync(doomed, { force: true });
      return original(...args);
    }) as typeof fs.createReadStream);
    syncBuiltinESMExports();
    expect((await get("/doomed.txt")).status).toBe(404);
    vi.restoreAllMocks();
    syncBuiltinESMExports();
    expect((await get("/")).status).toBe(200);
  });
});
