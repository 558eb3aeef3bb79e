import { PAGES_PLUGIN_ID } from "../core/constants";
import { findSection, RouteMatcher, sectionKey } from "../core/routeMatch";
import type { DocsManifest, PageModule, RouteRecord, RouteSection } from "../core/types";

// The pages pseudo-section sits at "/", so every docs section is a longer prefix.
export { PAGES_PLUGIN_ID };

export interface RouteStoreLoaders {
  /** Loads the manifest of a route section, by its key (see sectionKey). */
  loadManifest(key: string): Promise<DocsManifest>;
  importPage(route: RouteRecord): Promise<PageModule>;
}

export type RouteState =
  | { status: "ready"; route: RouteRecord; manifest: DocsManifest; page: PageModule }
  | { status: "not-found" }
  | { status: "loading" }
  | { status: "error"; error: Error };

interface LoadedManifest {
  manifest: DocsManifest;
  matcher: RouteMatcher;
}

/**
 * Knows which routes exist and holds the manifests and page modules loaded so
 * far. The server fills it before rendering and the browser fills it before
 * hydrating, so both render the same thing; afterwards the browser loads the
 * rest on demand.
 */
export class RouteStore {
  private readonly manifests = new Map<string, LoadedManifest>();
  private readonly pages = new Map<string, PageModule>();
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

  setManifest(manifest: DocsManifest): void {
    const key = sectionKey(manifest);
    this.manifests.set(key, { manifest, matcher: new RouteMatcher(manifest.routes) });
    this.errors.delete(`manifest:${key}`);
    this.changed();
  }

  /** A loaded manifest by section key (a plugin's id when it has one section). */
  getManifest(key: string): DocsManifest | undefined {
    return this.manifests.get(key)?.manifest;
  }

  setPage(chunk: string, page: PageModule): void {
    // A hot update brings the page module alone: it keeps the wrapper loaded with it first.
    const previous = this.pages.get(chunk);
    this.pages.set(chunk, page.layout || !previous?.layout ? page : { ...page, layout: previous.layout });
    this.errors.delete(`page:${chunk}`);
    this.changed();
  }

  /** What can be rendered for a path right now, without waiting. */
  resolve(pathname: string): RouteState {
    const section = this.sectionOf(pathname);
    if (!section) return { status: "not-found" };
    const manifestKey = `manifest:${sectionKey(section)}`;
    const loaded = this.manifests.get(sectionKey(section));
    if (!loaded) {
      const error = this.errors.get(manifestKey);
      return error ? { status: "error", error } : { status: "loading" };
    }
    const route = loaded.matcher.match(pathname);
    if (!route) {
      // A docs section owns its prefix, but the built-in pages may still match (e.g. a docs section at "/").
      if (section.pluginId !== PAGES_PLUGIN_ID) {
        const pages = this.manifests.get(PAGES_PLUGIN_ID);
        const pageRoute = pages?.matcher.match(pathname);
        if (pageRoute) return this.pageState(pageRoute, pages!.manifest);
      }
      return { status: "not-found" };
    }
    return this.pageState(route, loaded.manifest);
  }

  private pageState(route: RouteRecord, manifest: DocsManifest): RouteState {
    const page = this.pages.get(route.chunk);
    if (page) return { status: "ready", route, manifest, page };
    const error = this.errors.get(`page:${route.chunk}`);
    return error ? { status: "error", error } : { status: "loading" };
  }

  /** Loads whatever a path needs (its section's manifest, then its page). Rejects when loading fails. */
  async preload(pathname: string): Promise<RouteState> {
    const section = this.sectionOf(pathname);
    if (!section) return { status: "not-found" };
    const key = sectionKey(section);
    if (!this.manifests.has(key)) {
      await this.once(`manifest:${key}`, async () => this.setManifest(await this.loaders.loadManifest(key)));
    }
    const state = this.resolve(pathname);
    if (state.status !== "loading") {
      if (state.status === "error") throw state.error;
      return state;
    }
    const loaded = this.manifests.get(key)!;
    const route = loaded.matcher.match(pathname) ?? this.manifests.get(PAGES_PLUGIN_ID)?.matcher.match(pathname);
    if (!route) return { status: "not-found" };
    await this.once(`page:${route.chunk}`, async () => this.setPage(route.chunk, await this.loaders.importPage(route)));
    return this.resolve(pathname);
  }

  /** Forgets a failure so the next render tries again (the Retry button). */
  retry(pathname: string): Promise<RouteState> {
    const section = this.sectionOf(pathname);
    if (section) this.errors.delete(`manifest:${sectionKey(section)}`);
    const loaded = section && this.manifests.get(sectionKey(section));
    const route = loaded?.matcher.match(pathname);
    if (route) this.errors.delete(`page:${route.chunk}`);
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
