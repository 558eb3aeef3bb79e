import { PAGES_PLUGIN_ID } from "../core/constants";
import { pathKey } from "../core/paths";
import { findSection, RouteMatcher, sectionKey } from "../core/routeMatch";
import { assembleSidebar, chunkOf, sidebarFileOf } from "../core/routeChunks";
import type { PageModule, RouteIndex, RouteRecord, RouteSection, SidebarItem } from "../core/types";

// The pages pseudo-section sits at "/", so every docs section is a longer prefix.
export { PAGES_PLUGIN_ID };

export interface RouteStoreLoaders {
  /** Loads the route index of a section, by its key (see sectionKey). */
  loadIndex(key: string): Promise<RouteIndex>;
  /** Loads a data file an index names: a chunk of routes or a sidebar. */
  loadFile(url: string): Promise<unknown>;
  importPage(route: RouteRecord): Promise<PageModule>;
}

export type RouteState =
  | { status: "ready"; route: RouteRecord; manifest: RouteIndex; page: PageModule; sidebar?: SidebarItem[] }
  | { status: "not-found" }
  | { status: "loading" }
  | { status: "error"; error: Error };

/** Where a path's route would be: its section's index and the chunk file for the path, as far as known. */
interface Lookup {
  key: string;
  index?: RouteIndex;
  chunkFile?: string;
}

/**
 * Knows which routes exist and holds the indexes, route chunks, sidebars and
 * page modules loaded so far. The server fills it before rendering and the
 * browser fills it before hydrating, so both render the same thing;
 * afterwards the browser loads the rest on demand.
 */
export class RouteStore {
  private readonly indexes = new Map<string, RouteIndex>();
  /** Route chunks by file URL. */
  private readonly chunks = new Map<string, RouteMatcher>();
  /** Sidebar files (outlines and parts) by URL, and each outline with its loaded parts put back. */
  private readonly sidebars = new Map<string, SidebarItem[]>();
  private readonly assembled = new Map<string, SidebarItem[]>();
  private readonly pages = new Map<string, PageModule>();
  /** Routes known before their chunk is loaded (the one a page's HTML carries), by section key and path key. */
  private readonly knownRoutes = new Map<string, RouteRecord>();
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly errors = new Map<string, Error>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    readonly sections: readonly Omit<RouteSection, "manifest">[],
    private readonly loaders: RouteStoreLoaders,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever anything was loaded, for useSyncExternalStore. */
  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  sectionOf(pathname: string): Omit<RouteSection, "manifest"> | undefined {
    return findSection(this.sections, pathname);
  }

  /**
   * Puts a section's index in place, forgetting the routes and sidebars of the one it replaces
   * (the dev server's content changes), with any of the files it names already at hand.
   */
  setIndex(index: RouteIndex, files: ReadonlyMap<string, unknown> = new Map()): void {
    const key = sectionKey(index);
    const previous = this.indexes.get(key);
    const outlines = (of: RouteIndex) => of.versions.flatMap((version) => Object.values(version.sidebars));
    const partsOf = (outline: readonly SidebarItem[] | undefined) => (outline ?? []).flatMap((item) => (item.type === "category" && item.itemsFile ? [item.itemsFile] : []));
    if (previous) {
      for (const known of this.knownRoutes.keys()) if (known.startsWith(`${key}\0`)) this.knownRoutes.delete(known);
      for (const chunk of previous.chunks) this.chunks.delete(chunk.file);
      for (const file of outlines(previous)) {
        for (const part of partsOf(this.sidebars.get(file))) this.sidebars.delete(part);
        this.sidebars.delete(file);
      }
    }
    for (const chunk of index.chunks) if (files.has(chunk.file)) this.chunks.set(chunk.file, new RouteMatcher(files.get(chunk.file) as RouteRecord[]));
    for (const file of outlines(index)) {
      const outline = files.get(file) as SidebarItem[] | undefined;
      if (outline) this.sidebars.set(file, outline);
      for (const part of partsOf(outline)) if (files.has(part)) this.sidebars.set(part, files.get(part) as SidebarItem[]);
    }
    this.assembled.clear();
    this.indexes.set(key, index);
    this.errors.delete(`index:${key}`);
    this.changed();
  }

  /**
   * Puts one route of a section in place before its chunk: the browser gets the current page's
   * record with its HTML, so hydrating it waits for no chunk of a hundred other pages' records.
   */
  knowRoute(key: string, route: RouteRecord): void {
    this.knownRoutes.set(`${key}\0${pathKey(route.path)}`, route);
  }

  /** A loaded route index by section key (a plugin's id when it has one section). */
  getIndex(key: string): RouteIndex | undefined {
    return this.indexes.get(key);
  }

  setPage(chunk: string, page: PageModule): void {
    // A hot update brings the page module alone: it keeps the wrapper loaded with it first.
    const previous = this.pages.get(chunk);
    this.pages.set(chunk, page.layout || !previous?.layout ? page : { ...page, layout: previous.layout });
    this.errors.delete(`page:${chunk}`);
    this.changed();
  }

  private lookup(key: string, pathname: string): Lookup {
    const index = this.indexes.get(key);
    return { key, index, chunkFile: index && chunkOf(index.chunks, pathname)?.file };
  }

  /** The route of a path in one section, when its chunk is loaded; undefined while unknown. */
  private routeIn(lookup: Lookup, pathname: string): RouteRecord | null | undefined {
    if (!lookup.index) return undefined;
    if (!lookup.chunkFile) return null;
    const matcher = this.chunks.get(lookup.chunkFile);
    return matcher ? (matcher.match(pathname) ?? null) : this.knownRoutes.get(`${lookup.key}\0${pathKey(pathname)}`);
  }

  /** The first failure among what a lookup needs. */
  private failureOf(lookup: Lookup): Error | undefined {
    return this.errors.get(`index:${lookup.key}`) ?? (lookup.chunkFile ? this.errors.get(`file:${lookup.chunkFile}`) : undefined);
  }

  /** What can be rendered for a path right now, without waiting. */
  resolve(pathname: string): RouteState {
    const section = this.sectionOf(pathname);
    if (!section) return { status: "not-found" };
    const own = this.lookup(sectionKey(section), pathname);
    const route = this.routeIn(own, pathname);
    if (route) return this.pageState(route, own.index!);
    if (route === undefined) {
      const error = this.failureOf(own);
      return error ? { status: "error", error } : { status: "loading" };
    }
    // A docs section owns its prefix, but the built-in pages may still match (e.g. a docs section at "/").
    if (section.pluginId !== PAGES_PLUGIN_ID) {
      const pages = this.lookup(PAGES_PLUGIN_ID, pathname);
      const pageRoute = this.routeIn(pages, pathname);
      if (pageRoute) return this.pageState(pageRoute, pages.index!);
      // Unknown while the pages' index or chunk is on its way (they are only loaded after a miss).
      const loadingPages = this.pending.has(`index:${PAGES_PLUGIN_ID}`) || (pages.chunkFile !== undefined && this.pending.has(`file:${pages.chunkFile}`));
      if (pageRoute === undefined && loadingPages) return { status: "loading" };
    }
    return { status: "not-found" };
  }

  /** The sidebar files a route shows: its sidebar (the outline of a split one) and the part it lies in. */
  private sidebarFilesOf(index: RouteIndex, route: RouteRecord): string[] {
    const outline = sidebarFileOf(index, route);
    return outline ? [outline, ...(route.sidebarPart ? [route.sidebarPart] : [])] : [];
  }

  /** A loaded sidebar with the parts loaded so far; the same array until another part arrives. */
  private sidebar(file: string): SidebarItem[] {
    let items = this.assembled.get(file);
    if (!items) {
      items = assembleSidebar(this.sidebars.get(file)!, (part) => this.sidebars.get(part));
      this.assembled.set(file, items);
    }
    return items;
  }

  private pageState(route: RouteRecord, index: RouteIndex): RouteState {
    const sidebarFiles = this.sidebarFilesOf(index, route);
    const page = this.pages.get(route.chunk);
    if (page && sidebarFiles.every((file) => this.sidebars.has(file))) {
      return { status: "ready", route, manifest: index, page, ...(sidebarFiles.length > 0 ? { sidebar: this.sidebar(sidebarFiles[0]) } : {}) };
    }
    const error = [`page:${route.chunk}`, ...sidebarFiles.map((file) => `file:${file}`)].map((key) => this.errors.get(key)).find(Boolean);
    return error ? { status: "error", error } : { status: "loading" };
  }

  /** Loads a sidebar file (an outline or the part a reader opens); the store changes when it arrives. */
  loadSidebarFile(file: string): Promise<unknown> {
    if (this.sidebars.has(file)) return Promise.resolve();
    return this.once(`file:${file}`, async () => {
      this.sidebars.set(file, (await this.loaders.loadFile(file)) as SidebarItem[]);
      this.assembled.clear();
      this.changed();
    });
  }

  /** Loads a section's index and the chunk a path's route would be in; the route, or null when the section has none. */
  private async findRoute(key: string, pathname: string): Promise<{ route: RouteRecord | null; index: RouteIndex }> {
    if (!this.indexes.has(key)) await this.once(`index:${key}`, async () => this.setIndex(await this.loaders.loadIndex(key)));
    const lookup = this.lookup(key, pathname);
    const file = lookup.chunkFile;
    if (file && this.routeIn(lookup, pathname) === undefined) {
      await this.once(`file:${file}`, async () => {
        const routes = (await this.loaders.loadFile(file)) as RouteRecord[];
        this.chunks.set(file, new RouteMatcher(routes));
        this.changed();
      });
    }
    return { route: this.routeIn(lookup, pathname) ?? null, index: lookup.index! };
  }

  /** Loads whatever a path needs (its section's index, the chunk with its route, its sidebar, then its page). Rejects when loading fails. */
  async preload(pathname: string): Promise<RouteState> {
    const section = this.sectionOf(pathname);
    if (!section) return { status: "not-found" };
    let found = await this.findRoute(sectionKey(section), pathname);
    if (!found.route && section.pluginId !== PAGES_PLUGIN_ID && this.sections.some((candidate) => candidate.pluginId === PAGES_PLUGIN_ID)) {
      found = await this.findRoute(PAGES_PLUGIN_ID, pathname);
    }
    const { route, index } = found;
    if (!route) return { status: "not-found" };
    await Promise.all([
      ...this.sidebarFilesOf(index, route).map((file) => this.loadSidebarFile(file)),
      this.pages.has(route.chunk) ? undefined : this.once(`page:${route.chunk}`, async () => this.setPage(route.chunk, await this.loaders.importPage(route))),
    ]);
    const state = this.resolve(pathname);
    if (state.status === "error") throw state.error;
    return state;
  }

  /**
   * The sidebar files a path's render used, once preloaded: what its HTML asks the browser to fetch
   * early. Not its route chunk: the HTML carries the route's record instead (knowRoute), so an edit
   * to another page of the chunk, which renames it, leaves this page's HTML as it was.
   */
  dataFilesOf(pathname: string): string[] {
    const state = this.resolve(pathname);
    return state.status === "ready" ? this.sidebarFilesOf(state.manifest, state.route) : [];
  }

  /** Forgets the failures on a path's way so the next render tries again (the Retry button). */
  retry(pathname: string): Promise<RouteState> {
    this.errors.delete(`index:${PAGES_PLUGIN_ID}`);
    const section = this.sectionOf(pathname);
    if (section) {
      this.errors.delete(`index:${sectionKey(section)}`);
      const lookup = this.lookup(sectionKey(section), pathname);
      if (lookup.chunkFile) this.errors.delete(`file:${lookup.chunkFile}`);
      const route = this.routeIn(lookup, pathname);
      if (route) {
        this.errors.delete(`page:${route.chunk}`);
        for (const file of this.sidebarFilesOf(lookup.index!, route)) this.errors.delete(`file:${file}`);
      }
    }
    this.changed();
    return this.preload(pathname);
  }

  private once(key: string, load: () => Promise<void>): Promise<unknown> {
    const running = this.pending.get(key);
    if (running) return running;
    const promise = load()
      .catch((error: unknown) => {
        this.errors.set(key, error instanceof Error ? error : new Error(String(error)));
        this.changed();
        throw error;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}
