import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createStaticServer } from "../../src/node/serve/staticServer";

/**
 * Serves a build folder under a path prefix, the way a host serving several
 * sites does: "/prefix/x" is the build's "/x", anything outside the prefix is
 * a plain 404 (there is nothing else on this host). `headers` go on every answer.
 */
export async function serveUnder(dir: string, prefix: string, headers: Record<string, string> = {}): Promise<{ origin: string; close(): Promise<void> }> {
  const files = createStaticServer(dir);
  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const url = request.url ?? "/";
    if (!url.toLowerCase().startsWith(prefix.toLowerCase())) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Nothing is served here");
      return;
    }
    request.url = `/${url.slice(prefix.length)}`;
    files.emit("request", request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
