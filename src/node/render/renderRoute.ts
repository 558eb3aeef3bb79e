import type { PageModule, RouteIndex, RouteRecord, SiteAssets } from "../../core/types";
import { sectionKey } from "../../core/routeMatch";
import type * as ServerEntry from "../../client/serverEntry";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import { htmlDocument } from "./htmlDocument";

/** The files a page's HTML points at; the build knows hashed names, the dev server serves sources. */
export interface PageAssets {
  cssFiles: string[];
  entryScript: string;
  modulePreloads: string[];
}

/** What a render reads of the site: plain data, so a render thread can be given it. */
export interface RenderSite {
  themeConfig: SiteData["themeConfig"];
  config: Pick<SiteData["config"], "siteVersion">;
  /** For the message of a failed render: which source the page came from. */
  routes: readonly Pick<SiteData["routes"][number], "path" | "component">[];
}

export interface RendererOptions {
  site: RenderSite;
  assets: SiteAssets;
  /** The SSR entry, loaded by the caller (the build's server bundle, or Vite's ssrLoadModule in dev). */
  server: typeof ServerEntry;
  /** Each section's route index as the browser gets it (chunks are URLs). */
  indexes: RouteIndex[];
  /** The JSON of the route chunks and sidebars the indexes name, by URL. */
  files: ReadonlyMap<string, string>;
  importPage(route: RouteRecord): Promise<PageModule>;
  pageAssets(route: RouteRecord | undefined): PageAssets;
  /**
   * Give each render a store of its own and report what it loaded (RenderedRoute.dependencies):
   * the build's render cache keys a page's HTML by it. Off, renders share one store (the dev server).
   */
  trackDependencies?: boolean;
}

/** What one render loaded through the route store: section indexes by key, data files by URL, page chunks. */
export interface RenderDependencies {
  indexes: string[];
  files: string[];
  pages: string[];
}

export interface RenderedRoute {
  status: number;
  html: string;
  route?: RouteRecord;
  /** Internal links the page renders, collected while rendering. */
  links: string[];
  /** With `trackDependencies`: everything the render read besides the site-wide inputs. */
  dependencies?: RenderDependencies;
}

/**
 * The one path from an address to a whole HTML document, used by the build
 * for every route and by the dev server for every request: load what the
 * route needs, render the app on the server, wrap it in the document.
 */
export function createRenderer(options: RendererOptions) {
  const { site, assets, server } = options;
  // Each tracked render has a store of its own, so every page of a section would parse the section's
  // route chunk and sidebar again (about a tenth of the render at 2,000 pages). Parsed once here;
  // the store and the theme only read what they load.
  const parsedFiles = new Map<string, unknown>();
  const newStore = (dependencies?: RenderDependencies) =>
    new server.RouteStore(assets.routeSections, {
      loadIndex: async (key) => {
        dependencies?.indexes.push(key);
        const index = options.indexes.find((candidate) => sectionKey(candidate) === key);
        if (!index) throw new SiteError(`No route index for section "${key}"`);
        return index;
      },
      loadFile: async (url) => {
        dependencies?.files.push(url);
        const parsed = parsedFiles.get(url);
        if (parsed !== undefined) return parsed;
        const json = options.files.get(url);
        if (json === undefined) throw new SiteError(`No route data file ${url}`);
        const value = JSON.parse(json) as unknown;
        parsedFiles.set(url, value);
        return value;
      },
      importPage: async (route) => {
        dependencies?.pages.push(route.chunk);
        return server.withDeferredHtml(await server.withPageLayout(route, await options.importPage(route)));
      },
    });
  const sharedStore = options.trackDependencies ? undefined : newStore();

  return async function render(url: string): Promise<RenderedRoute> {
    const dependencies: RenderDependencies | undefined = sharedStore ? undefined : { indexes: [], files: [], pages: [] };
    const store = sharedStore ?? newStore(dependencies);
    const pathname = url.split(/[?#]/)[0];
    const state = await store.preload(pathname);
    const route = state.status === "ready" ? state.route : undefined;
    let result: ReturnType<typeof server.render>;
    try {
      result = server.render(url, site.themeConfig, assets, store);
    } catch (error) {
      const source = route && site.routes.find((candidate) => candidate.path === route.path)?.component;
      throw new SiteError(`Rendering ${pathname}${source ? ` (${source})` : ""} failed: ${(error as Error).message}`, { cause: error });
    }
    // The page's own section (a built-in page inside a docs prefix belongs to the pages section).
    const section = state.status === "ready" ? state.manifest : store.sectionOf(pathname);
    const indexUrl = section && assets.routeSections.find((candidate) => sectionKey(candidate) === sectionKey(section))?.manifest;
    const files = options.pageAssets(route);
    const html = htmlDocument({
      config: site.themeConfig,
      siteVersion: site.config.siteVersion,
      head: result.head,
      appHtml: result.html,
      assets,
      cssFiles: files.cssFiles,
      entryScript: files.entryScript,
      modulePreloads: files.modulePreloads,
      dataPreloads: indexUrl && result.status === 200 ? [indexUrl, ...store.dataFilesOf(pathname)] : [],
      routeRecord: route && section && result.status === 200 ? { section: sectionKey(section), route } : undefined,
    });
    return { status: result.status, html, route, links: result.links, dependencies };
  };
}
