/**
 * What the search modal's first open downloads: its chunk, its stylesheet and the chunks they
 * import, less what the page already loaded, plus the index files the first query fetches
 * (manifest, the query's term shards, a hits file per hit shown and the rest of the text of
 * those whose snippet is not in its start). Read from a built site's files; the index files are
 * the ones the real engine asks for.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createLocalSearch } from "../../src/core/search/engine";
import { SEARCH_HITS_PER_PAGE } from "../../src/core/search/constants";
import { MODAL_HITS_PER_SECTION } from "../../src/core/search/backend";

/** First queries a reader of this site might type; the row reports the heaviest. */
export const FIRST_QUERIES = ["sql", "identifier", "placeholder", "compile", "te.ref", "preset", "introspection"];

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

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The index files (relative to the site) a fresh engine fetches to answer `query`. */
async function indexFilesOfFirstQuery(buildDir: string, query: string): Promise<string[]> {
  const fetched: string[] = [];
  const engine = createLocalSearch({
    fetchJson: async (file) => {
      fetched.push(file);
      return JSON.parse(readFileSync(path.join(buildDir, file), "utf8"));
    },
  });
  // As the modal asks (SearchModal.tsx): a page of hits, at most so many per section.
  await engine.search({ query, hitsPerPage: SEARCH_HITS_PER_PAGE, maxHitsPerSection: MODAL_HITS_PER_SECTION });
  return fetched;
}

export interface ModalFirstOpen {
  /** Modal code and styles, gzip. */
  codeGzipBytes: number;
  /** Index files of the heaviest first query, gzip. */
  indexGzipBytes: number;
  gzipBytes: number;
  heaviestQuery: string;
  files: string[];
}

/** gzip bytes the first open of the search modal and a first query add to a visit of `route`. */
export async function searchModalBytes(buildDir: string, route = "pg-sql2"): Promise<ModalFirstOpen> {
  const assetsDir = path.join(buildDir, "assets");
  const modal = readdirSync(assetsDir).filter((file) => /^SearchModal-[\w-]+\.(js|css)$/.test(file));
  if (!modal.some((file) => file.endsWith(".js"))) throw new Error(`No SearchModal chunk in ${assetsDir}: was the search bar's dynamic import renamed?`);
  const loaded = firstLoadFiles(buildDir, route);
  const code = [...withImports(assetsDir, modal)].filter((file) => !loaded.has(file)).sort();
  const codeGzipBytes = code.reduce((total, file) => total + gzipOf(path.join(assetsDir, file)), 0);
  let heaviest = { query: "", bytes: -1, files: [] as string[] };
  for (const query of FIRST_QUERIES) {
    const files = await indexFilesOfFirstQuery(buildDir, query);
    const bytes = files.reduce((total, file) => total + gzipOf(path.join(buildDir, file)), 0);
    if (bytes > heaviest.bytes) heaviest = { query, bytes, files };
  }
  return {
    codeGzipBytes,
    indexGzipBytes: heaviest.bytes,
    gzipBytes: codeGzipBytes + heaviest.bytes,
    heaviestQuery: heaviest.query,
    files: [...code.map((file) => `assets/${file}`), ...heaviest.files],
  };
}
