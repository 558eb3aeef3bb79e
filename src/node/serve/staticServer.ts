import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { contentType, resolveRequest } from "./resolveRequest";

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Serves a built site like a static host would, with 404.html for unknown paths. */
export function createStaticServer(rootDir: string): Server {
  return createServer((request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const resolution = resolveRequest(rootDir, request.url ?? "/", isFile);
    if (resolution.kind === "forbidden") {
      response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end("Forbidden");
      return;
    }
    const file = resolution.kind === "file" ? resolution.file : path.join(rootDir, "404.html");
    const status = resolution.kind === "file" ? 200 : 404;
    if (!existsSync(file)) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    const immutable = /\/assets\//.test(file) && status === 200;
    response.writeHead(status, {
      "Content-Type": contentType(file),
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    if (request.method === "HEAD") response.end();
    else createReadStream(file).pipe(response);
  });
}
