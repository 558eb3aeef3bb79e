import type { Stats } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import send from "send";
import { ASSETS_MANIFEST_FILE, assetsManifestReader } from "../build/assetsManifest";
import { BUILD_MARKER_FILE } from "../build/outputGuard";
import { PLAYGROUND_DATABASE_EXTENSION } from "../../core/playground";
import { contentType, resolveRequest } from "./resolveRequest";
import { isServableFile } from "./safeFile";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Our bookkeeping files are not part of the site. */
const HIDDEN = new Set([BUILD_MARKER_FILE, ASSETS_MANIFEST_FILE]);
/** Precompressed siblings, best first, as another build step may write them next to a file. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Files whose own bytes are in a content coding: the playground's database is a gzipped tar. Sent
 * with that Content-Encoding to a client that accepts it, the browser unpacks it as it downloads,
 * instead of the playground's worker after (0.3 s before PostgreSQL could start); other clients
 * get the same bytes without the header.
 */
const STORED_ENCODINGS: Readonly<Record<string, (typeof ENCODINGS)[number]["name"]>> = { [PLAYGROUND_DATABASE_EXTENSION]: "gzip" };

/** The encodings the client accepts (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    if (name && !(q && Number(q[1]) === 0)) accepted.add(name);
  }
  return accepted;
}

/** A file's headers may already be set (not sent) when its read fails: an error answer must not inherit its length or type. */
function clearHeaders(response: ServerResponse): void {
  for (const name of response.getHeaderNames()) response.removeHeader(name);
}

const encodePath = (relative: string) => `/${relative.split(path.sep).map(encodeURIComponent).join("/")}`;

export interface StaticServerOptions {
  /** Test seam: how a resolved file is sent. Defaults to the `send` library. */
  sendFile?: typeof send;
}

/**
 * Serves a built site like a static host: 404.html with status 404, ETag and
 * Last-Modified with 304s, Range, a full MIME table, nosniff, precompressed
 * .br/.gz siblings, immutable caching only for the files the build listed as
 * hashed. A failed read answers that request 500 (503 when out of file
 * handles) and the server keeps running.
 */
export function createStaticServer(rootDir: string, options: StaticServerOptions = {}): Server {
  const root = path.resolve(rootDir);
  const sendFile = options.sendFile ?? send;
  const hashedFiles = assetsManifestReader(root);

  const fail = (response: ServerResponse, error: unknown) => {
    if (response.headersSent) {
      // Part of the body is out: the only honest signal left is a cut connection.
      response.destroy();
      return;
    }
    const code = (error as NodeJS.ErrnoException)?.code;
    const busy = code === "EMFILE" || code === "ENFILE" || code === "EAGAIN";
    clearHeaders(response);
    response.writeHead(busy ? 503 : 500, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...(busy ? { "Retry-After": "1" } : {}) });
    response.end(busy ? "Service Unavailable: try again" : "Internal Server Error");
  };

  const notFound = async (request: IncomingMessage, response: ServerResponse) => {
    const page = path.join(root, "404.html");
    const body = isServableFile(page, root) ? await readFile(page).catch(() => undefined) : undefined;
    clearHeaders(response);
    response.writeHead(404, { "Content-Type": body ? "text/html; charset=utf-8" : "text/plain; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" });
    response.end(request.method === "HEAD" ? undefined : (body ?? "Not found"));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const resolution = resolveRequest(root, request.url ?? "/", (file) => isServableFile(file, root) && !HIDDEN.has(path.relative(root, file)));
    if (resolution.kind === "forbidden") {
      response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" }).end("Forbidden");
      return;
    }
    if (resolution.kind === "not-found") return notFound(request, response);

    const relative = path.relative(root, resolution.file);
    const accepted = request.headers.range ? new Set<string>() : acceptedEncodings(request.headers["accept-encoding"]);
    const siblings = ENCODINGS.filter((encoding) => isServableFile(resolution.file + encoding.suffix, root));
    const encoding = siblings.find((candidate) => accepted.has(candidate.name));
    const stored = STORED_ENCODINGS[path.extname(resolution.file).toLowerCase()];
    const storedSent = stored !== undefined && accepted.has(stored) ? stored : undefined;
    const immutable = hashedFiles().has(relative.split(path.sep).join("/"));

    const stream = sendFile(request, encodePath(relative + (encoding?.suffix ?? "")), { root, index: false, dotfiles: "allow", etag: true, lastModified: true, cacheControl: false, acceptRanges: true });
    stream.on("headers", (res: ServerResponse, _file: string, stat: Stats) => {
      res.setHeader("Cache-Control", immutable ? IMMUTABLE : "no-cache");
      // Each encoding is its own representation: a cache holding the brotli body must never get a
      // 304 for a request that will decode it as gzip, even if two siblings share size and time.
      const sentEncoding = encoding?.name ?? storedSent;
      res.setHeader("ETag", `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}${sentEncoding ? `-${sentEncoding}` : ""}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (siblings.length > 0 || stored) res.setHeader("Vary", "Accept-Encoding");
      if (sentEncoding) {
        res.setHeader("Content-Encoding", sentEncoding);
        res.setHeader("Content-Type", contentType(resolution.file));
      }
    });
    stream.on("error", (error: Error & { status?: number }) => {
      // The file went away between lookup and read (a rebuild swapped the folder): answer as for any unknown path.
      if (error.status === 404 && !response.headersSent) notFound(request, response).catch((inner: unknown) => fail(response, inner));
      else fail(response, (error as { cause?: unknown }).cause ?? error);
    });
    stream.pipe(response);
  };

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => fail(response, error));
  });
}
