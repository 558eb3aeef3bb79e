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

/** A transformed page's code, read only when its files are not kept from the last output. */
const MODULE_CODE = ["client", "server"] as const;
type ModuleCode = (typeof MODULE_CODE)[number];
type PageFacts = Omit<TransformedPage, ModuleCode>;

/** The entry holding every page's facts from the last build, beside the pages' own entries (whose keys are hex). */
const INDEX_KEY = "last-build-index";

/**
 * Each page's two modules from the last builds, by everything they follow from; `null` remembers a
 * page that needs the bundler. What a rebuild needs of an unchanged page (its files' names and
 * hashes, not its code) is also kept for all pages in one index entry: a rebuild of 2,000 pages
 * otherwise opened, read and parsed 2,000 entries for it (0.15 s of its main thread). A page's code
 * is read from its own entry when first used.
 */
export class TransformCache {
  private readonly disk: DiskCache<TransformedPage | null>;
  private readonly indexStore: DiskCache<Record<string, PageFacts | null>>;
  private readonly index: Record<string, PageFacts | null>;
  /** This build's pages, by key: the next index. */
  private readonly used: Record<string, PageFacts | null> = {};
  private indexChanged = false;

  constructor(siteDir: string) {
    const dir = cacheDir(siteDir, "standalone-pages");
    this.disk = new DiskCache(dir);
    this.indexStore = new DiskCache(dir);
    const index = this.indexStore.get(INDEX_KEY);
    this.index = index && typeof index === "object" ? index : {};
  }

  async get(inputs: unknown, make: () => Promise<TransformedPage | undefined>): Promise<TransformedPage | undefined> {
    const key = createHash("sha256").update(generatorFingerprint()).update(JSON.stringify(inputs)).digest("hex");
    const indexed = this.index[key];
    // Listed, and its entry still there to give its code (a stat, not a read).
    if (indexed !== undefined && (indexed === null || this.disk.has(key))) {
      this.used[key] = indexed;
      return indexed === null ? undefined : this.withCodeFromEntry(key, indexed);
    }
    const stored = this.disk.getSplit(key, MODULE_CODE);
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
    this.disk.setSplit(key, made ?? null, MODULE_CODE);
    return made;
  }

  private withCodeFromEntry(key: string, facts: PageFacts): TransformedPage {
    const page = { ...facts } as TransformedPage;
    let code: TransformedPage | undefined;
    const read = (field: ModuleCode) => {
      code ??= this.disk.getSplit(key, MODULE_CODE) ?? undefined;
      if (!code) throw new Error(`the cached modules of a page (entry ${key}) cannot be read; delete node_modules/.cache/graphile-docs and build again`);
      return code[field];
    };
    for (const field of MODULE_CODE) Object.defineProperty(page, field, { get: () => read(field), enumerable: true, configurable: true });
    return page;
  }
}

function factsOf(page: TransformedPage): PageFacts {
  const { client: _client, server: _server, ...facts } = page;
  return facts;
}
