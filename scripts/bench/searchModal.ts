/**
 * What the search modal's first open downloads: its chunk, its stylesheet and the chunks they
 * import, less what the page already loaded. Read from a built site's files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?"\.\/([^"]+\.js)"/g;

/** Every asset a page's HTML loads before anyone touches it (entry, modulepreloads, stylesheets) and what they import. */
function firstLoadFiles(buildDir: string, route: string): Set<string> {
  const html = readFileSync(path.join(buildDir, route, "index.html"), "utf8");
  const named = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  return withImports(path.join(buildDir, "assets"), named);
}

function withImports(assetsDir: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(path.join(assetsDir, file))) continue;
    seen.add(file);
    if (file.endsWith(".js")) for (const match of readFileSync(path.join(assetsDir, file), "utf8").matchAll(STATIC_IMPORT)) queue.push(match[1]);
  }
  return seen;
}

/** gzip bytes the first open of the search modal adds to a visit of `route`, and the files counted. */
export function searchModalBytes(buildDir: string, route = "pg-sql2"): { gzipBytes: number; files: string[] } {
  const assetsDir = path.join(buildDir, "assets");
  const modal = readdirSync(assetsDir).filter((file) => /^SearchModal-[\w-]+\.(js|css)$/.test(file));
  if (!modal.some((file) => file.endsWith(".js"))) throw new Error(`No SearchModal chunk in ${assetsDir}: was the search bar's dynamic import renamed?`);
  const loaded = firstLoadFiles(buildDir, route);
  const files = [...withImports(assetsDir, modal)].filter((file) => !loaded.has(file)).sort();
  const gzipBytes = files.reduce((total, file) => total + gzipSync(readFileSync(path.join(assetsDir, file)), { level: 9 }).length, 0);
  return { gzipBytes, files };
}
