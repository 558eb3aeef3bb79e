import { createHash } from "node:crypto";
import { cacheDir, DiskCache, generatorFingerprint } from "../cache";

/** A standalone page's two modules, made for the browser and for the render (standalonePages.ts). */
export interface TransformedPage {
  client: string;
  server: string;
  /** Manifest keys of the app chunks the client module imports. */
  imports: string[];
  /** The output files of its client module and deferred HTML (content-hashed names). */
  clientFile: string;
  deferredFile: string;
  /** moduleHash of the server module (which holds the deferred HTML). */
  serverHash: string;
}

/**
 * What the cache gives back of a page it has: its server module is not stored here but in the
 * server-module store, by serverHash (see ServerModuleStore), which holds it anyway. Stored in both,
 * a 2,000-page cold build wrote its 35 MB of server modules twice (about 1.5 s of its main thread).
 */
export type StoredTransform = Omit<TransformedPage, "server"> & { server?: string };

/** A transformed page's client code, read only when its files are not kept from the last output. */
const MODULE_CODE = ["client"] as const;
type ModuleCode = (typeof MODULE_CODE)[number];
type PageFacts = Omit<TransformedPage, ModuleCode | "server">;

/** The entry holding every page's facts from the last build, beside the pages' own entries (whose keys are hex). */
const INDEX_KEY = "last-build-index";

/**
 * Each page's two modules from the last builds, by everything they follow from; `null` remembers a
 * page that needs the bundler. A page counts as stored only while `hasServerModule` says the
 * server-module store still has its server module. What a rebuild needs of an unchanged page (its
 * files' names and hashes, not its code) is also kept for all pages in one index entry: a rebuild
 * of 2,000 pages otherwise opened, read and parsed 2,000 entries for it (0.15 s of its main
 * thread). A page's client code is read from its own entry when first used.
 */
export class TransformCache {
  private readonly disk: DiskCache<StoredTransform | null>;
  private readonly indexStore: DiskCache<Record<string, PageFacts | null>>;
  private readonly index: Record<string, PageFacts | null>;
  /** This build's pages, by key: the next index. */
  private readonly used: Record<string, PageFacts | null> = {};
  private indexChanged = false;

  constructor(
    siteDir: string,
    private readonly hasServerModule: (serverHash: string) => boolean,
  ) {
    const dir = cacheDir(siteDir, "standalone-pages");
    this.disk = new DiskCache(dir);
    this.indexStore = new DiskCache(dir);
    const index = this.indexStore.get(INDEX_KEY);
    this.index = index && typeof index === "object" ? index : {};
  }

  async get(inputs: unknown, make: () => Promise<TransformedPage | undefined>): Promise<StoredTransform | undefined> {
    const key = createHash("sha256").update(generatorFingerprint()).update(JSON.stringify(inputs)).digest("hex");
    const indexed = this.index[key];
    // Listed, and its entry still there to give its code (a stat, not a read).
    if (indexed !== undefined && (indexed === null || (this.disk.has(key) && this.hasServerModule(indexed.serverHash)))) {
      this.used[key] = indexed;
      return indexed === null ? undefined : this.withCodeFromEntry(key, indexed);
    }
    let stored = this.disk.getSplit(key, MODULE_CODE);
    if (stored && !this.hasServerModule(stored.serverHash)) stored = undefined;
    const page = stored !== undefined ? (stored ?? undefined) : await this.make(key, make);
    this.used[key] = page ? factsOf(page) : null;
    this.indexChanged = true;
    return page;
  }

  /** Stores this build's index when it differs from the last: its pages only, so it does not grow with edits. */
  saveIndex(): void {
    if (this.indexChanged || Object.keys(this.used).length !== Object.keys(this.index).length) this.indexStore.set(INDEX_KEY, this.used);
  }

  private async make(key: string, make: () => Promise<TransformedPage | undefined>): Promise<TransformedPage | undefined> {
    const made = await make();
    const { server: _server, ...stored } = made ?? {};
    this.disk.setSplit(key, made ? (stored as StoredTransform) : null, MODULE_CODE);
    return made;
  }

  private withCodeFromEntry(key: string, facts: PageFacts): StoredTransform {
    const page = { ...facts } as StoredTransform;
    let code: StoredTransform | undefined;
    const read = (field: ModuleCode) => {
      code ??= this.disk.getSplit(key, MODULE_CODE) ?? undefined;
      if (!code) throw new Error(`the cached modules of a page (entry ${key}) cannot be read; delete node_modules/.cache/graphile-docs and build again`);
      return code[field];
    };
    for (const field of MODULE_CODE) Object.defineProperty(page, field, { get: () => read(field), enumerable: true, configurable: true });
    return page;
  }
}

function factsOf(page: StoredTransform): PageFacts {
  const { client: _client, server: _server, ...facts } = page;
  return facts;
}
