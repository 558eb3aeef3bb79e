import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sectionKey } from "../../core/routeMatch";
import type { RouteIndex, RouteRecord } from "../../core/types";
import { cacheDir, DiskCache, generatorFingerprint } from "../cache";
import type { RenderDependencies } from "../render/renderRoute";
import { listFiles } from "./outputListing";
import { isRouteChunkFile, routeFileName } from "./routeManifests";

/** What a page's last render read, and what it wrote. */
interface RenderedPage {
  dependencies: RenderDependencies;
  /** Hash of what those dependencies were then (see RenderCache.dependencyKey). */
  key: string;
  status: number;
  links: string[];
}

interface RenderRecord {
  /** Hash of the inputs every page shares: the generator, the server bundle, config, entry assets. */
  siteKey: string;
  pages: Record<string, RenderedPage>;
}

/**
 * The record as stored: each page's links as indexes into one table. Pages repeat the chrome's
 * links (navbar, sidebar, footer): on 2,000 pages 248,000 links, 2,021 of them distinct, were 6 of
 * the record's 7 MB, read and written again by every rebuild.
 */
interface StoredRenderRecord {
  siteKey: string;
  links: string[];
  pages: Record<string, Omit<RenderedPage, "links"> & { links: number[] }>;
}

function storedRecord(record: RenderRecord): StoredRenderRecord {
  const table = new Map<string, number>();
  const indexOf = (link: string) => {
    let index = table.get(link);
    if (index === undefined) table.set(link, (index = table.size));
    return index;
  };
  const pages = Object.fromEntries(Object.entries(record.pages).map(([route, page]) => [route, { ...page, links: page.links.map(indexOf) }]));
  return { siteKey: record.siteKey, links: [...table.keys()], pages };
}

/** The record a build stored, or undefined when it is not one (an older shape, a cut-short file). */
function renderRecord(stored: StoredRenderRecord | undefined): RenderRecord | undefined {
  if (!stored || !Array.isArray(stored.links) || typeof stored.pages !== "object" || stored.pages === null) return undefined;
  const { links } = stored;
  const pages: Record<string, RenderedPage> = {};
  for (const [route, page] of Object.entries(stored.pages)) {
    if (!Array.isArray(page.links) || !page.links.every((index) => typeof links[index] === "string")) return undefined;
    pages[route] = { ...page, links: page.links.map((index) => links[index]) };
  }
  return { siteKey: stored.siteKey, pages };
}

const RECORD_KEY = "last-render";

export interface RenderCacheInputs {
  siteDir: string;
  /** The server bundle's folder: every module but the pages' own is an input of every page. */
  ssrDir: string;
  /** Everything else each page's HTML follows from, as JSON (theme config, assets, entry files ...). */
  shared: unknown;
  indexes: readonly RouteIndex[];
  files: ReadonlyMap<string, string>;
  /** The server module file (relative to ssrDir) of a page chunk. */
  serverFileOf(chunk: string): string | undefined;
  /** The scripts and styles the HTML of a page with this chunk names. */
  pageAssetsOf(chunk: string): unknown;
  /** The sha256 (hex) of server module files whose bytes are known already, by path: not read again. */
  knownFileHashes?: ReadonlyMap<string, string>;
}

/**
 * Remembers what each page's render read (its section index, data files and page modules) and
 * what those were, so a rebuild copies the HTML of a page whose inputs are all unchanged from the
 * last output instead of rendering it again. A render reads nothing else: the server bundle and
 * the inputs every page shares are in the site key, and a change there renders every page.
 */
export class RenderCache {
  private readonly store: DiskCache<StoredRenderRecord>;
  private readonly last: RenderRecord | undefined;
  private readonly next: RenderRecord;
  private readonly moduleHashes = new Map<string, string | undefined>();
  /** Hashes of index and data file contents, worked out once per build. */
  private readonly contentHashes = new Map<string, string | undefined>();
  private readonly parsedChunks = new Map<string, Map<string, RouteRecord>>();
  private urlsByName: Map<string, string> | undefined;

  constructor(private readonly inputs: RenderCacheInputs) {
    this.store = new DiskCache<StoredRenderRecord>(cacheDir(inputs.siteDir, "render"));
    const siteKey = RenderCache.siteKey(inputs);
    const last = renderRecord(this.store.get(RECORD_KEY));
    this.last = last?.siteKey === siteKey ? last : undefined;
    this.next = { siteKey, pages: {} };
  }

  private static siteKey(inputs: RenderCacheInputs): string {
    // A function in the config (a plugin's) counts by its code.
    const shared = JSON.stringify(inputs.shared, (_key, value: unknown) => (typeof value === "function" ? String(value) : value));
    const hash = createHash("sha256").update(generatorFingerprint()).update(shared);
    for (const file of listFiles(inputs.ssrDir)) {
      const relative = path.relative(inputs.ssrDir, file);
      // The pages' own modules are each page's inputs, not every page's.
      if (relative.startsWith(`pages${path.sep}`)) continue;
      hash.update(relative).update(readFileSync(file));
    }
    return hash.digest("hex");
  }

  /**
   * A page module's bytes, hashed; undefined when the chunk has no module. A standalone page's
   * module holds its deferred HTML; a bundled page's names the chunk holding it by content hash.
   */
  private moduleHash(chunk: string): string | undefined {
    if (!this.moduleHashes.has(chunk)) {
      const relative = this.inputs.serverFileOf(chunk);
      this.moduleHashes.set(chunk, relative && this.fileContentHash(path.join(this.inputs.ssrDir, relative)));
    }
    return this.moduleHashes.get(chunk);
  }

  /** sha256 (hex) of a file's bytes, from knownFileHashes when there; undefined when it does not exist. */
  private fileContentHash(file: string): string | undefined {
    const known = this.inputs.knownFileHashes?.get(file);
    if (known) return known;
    return existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : undefined;
  }

  private contentHash(name: string, contents: () => string | undefined): string | undefined {
    if (!this.contentHashes.has(name)) {
      const text = contents();
      this.contentHashes.set(name, text === undefined ? undefined : createHash("sha256").update(text).digest("hex"));
    }
    return this.contentHashes.get(name);
  }

  /** This build's URL of the route data file the last build called `url` (they differ by content hash). */
  private currentUrl(url: string): string | undefined {
    if (!this.urlsByName) {
      this.urlsByName = new Map([...this.inputs.files.keys()].map((current) => [routeFileName(current), current]));
    }
    return this.inputs.files.has(url) ? url : this.urlsByName.get(routeFileName(url));
  }

  /**
   * What of a route data file a page's HTML follows from. A route chunk holds a hundred pages'
   * records; another page's edit renames its module (`chunk`, `imports`) and so the chunk file,
   * but a page's render reads another page's title or description, never its module's name.
   * So: the chunk with those fields taken out of every record, and the page's own record whole
   * (its HTML carries that record, never the chunk's name).
   */
  private fileHash(url: string, route: string): string | undefined {
    const json = this.inputs.files.get(url);
    if (json === undefined) return undefined;
    if (!isRouteChunkFile(url)) return this.contentHash(`file ${url}`, () => json);
    const records = this.chunkRecords(url, json);
    const shared = this.contentHash(`records ${url}`, () => JSON.stringify([...records.values()].map(({ chunk, imports, runnable, sidebarPart, ...rest }) => rest)));
    const own = records.get(route);
    // The record itself, not a hash of it: the page's dependency key hashes it anyway.
    return `${shared} ${own ? JSON.stringify(own) : "-"}`;
  }

  private chunkRecords(url: string, json: string): Map<string, RouteRecord> {
    let records = this.parsedChunks.get(url);
    if (!records) {
      records = new Map((JSON.parse(json) as RouteRecord[]).map((record) => [record.path, record]));
      this.parsedChunks.set(url, records);
    }
    return records;
  }

  /** Hash of the dependencies of `route`'s render as they are in this build; undefined when one is gone. */
  private dependencyKey(route: string, dependencies: RenderDependencies): string | undefined {
    const hash = createHash("sha256");
    for (const key of dependencies.indexes) {
      const indexHash = this.contentHash(`index ${key}`, () => {
        const index = this.inputs.indexes.find((candidate) => sectionKey(candidate) === key);
        // Which chunk holds a path counts, not the other chunks' file names: a render reads only the
        // chunks it loads (its own, a file dependency), and an edit renames its chunk in the index.
        return index && JSON.stringify({ ...index, chunks: index.chunks.map((chunk) => chunk.from) });
      });
      if (!indexHash) return undefined;
      hash.update(`index ${key} ${indexHash}\n`);
    }
    for (const url of dependencies.files) {
      const current = this.currentUrl(url);
      const fileHash = current && this.fileHash(current, route);
      if (!fileHash) return undefined;
      hash.update(`file ${routeFileName(url)} ${fileHash}\n`);
    }
    for (const chunk of dependencies.pages) {
      const moduleHash = this.moduleHash(chunk);
      if (!moduleHash) return undefined;
      hash.update(`page ${chunk} ${moduleHash} ${JSON.stringify(this.inputs.pageAssetsOf(chunk))}\n`);
    }
    return hash.digest("hex");
  }

  /**
   * The last render of `route`, when everything it read is as it was: its links, and its HTML (from
   * `htmlFile` in the last output) with its preload links pointing at this build's names of its
   * sidebar files; no HTML when none was renamed (the file there is this build's page as it is).
   * `htmlListed` says whether that file is there when the last output's listing tells.
   */
  kept(route: string, htmlFile: string, htmlListed = existsSync(htmlFile)): { html?: string; links: string[] } | undefined {
    const page = this.last?.pages[route];
    if (!page || !htmlListed || this.dependencyKey(route, page.dependencies) !== page.key) return undefined;
    const files = page.dependencies.files.map((url) => this.currentUrl(url)!);
    let html: string | undefined;
    page.dependencies.files.forEach((url, index) => {
      // A route chunk is not named in the HTML (the page carries its own record), so its new name changes nothing there.
      if (files[index] !== url && !isRouteChunkFile(url)) html = (html ?? readFileSync(htmlFile, "utf8")).split(url).join(files[index]!);
    });
    this.next.pages[route] = { ...page, dependencies: { ...page.dependencies, files } };
    return { html, links: page.links };
  }

  remember(route: string, rendered: { status: number; links: string[]; dependencies: RenderDependencies }): void {
    const key = this.dependencyKey(route, rendered.dependencies);
    if (key) this.next.pages[route] = { dependencies: rendered.dependencies, key, status: rendered.status, links: rendered.links };
  }

  /** Call once the build succeeded: the next build reuses what this one rendered. */
  save(): void {
    this.store.set(RECORD_KEY, storedRecord(this.next));
  }
}
