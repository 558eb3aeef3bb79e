import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ROUTES_PER_CHUNK, SIDEBAR_SPLIT_LINKS } from "../../core/constants";
import { pathKey } from "../../core/paths";
import { sidebarPathKeys, splitRoutes, splitSidebar } from "../../core/routeChunks";
import type { RunnableExamples } from "../../core/playground";
import type { DocsManifest, RouteIndex, RouteRecord, SidebarItem, SiteAssets, VersionIndex, VersionMetadata } from "../../core/types";
import { findVersion, sectionKey } from "../../core/routeMatch";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import { routeSections } from "../loadSite";
import type { OutputWriter } from "./outputWriter";
import { collectImports, type ViteManifest } from "./viteManifest";

/**
 * The folder of the sections' route indexes. Their names stay the same from build to build
 * (unlike assets/, which is content-hashed and cached for good): a page's HTML names its
 * section's index, so an edit elsewhere in the section leaves that HTML as it was.
 */
export const ROUTE_INDEX_DIR = "route-index";

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 10);
/** The start of a route chunk's file name (the rest: section, number, content hash). */
const ROUTE_CHUNK_PREFIX = "routes-";

/** A route data file's URL without its content hash: the same file in the next build has the same name. */
export const routeFileName = (url: string) => url.replace(/-[0-9a-f]{10}\.json$/, "");
/** Whether a route data file's URL names a chunk of route records (else a sidebar or a sidebar's part). */
export const isRouteChunkFile = (url: string) => path.posix.basename(url).startsWith(ROUTE_CHUNK_PREFIX);
/** A section key or sidebar name as part of a file name. */
const fileSafe = (name: string) => name.replace(/^_+/, "").replace(/[^a-zA-Z0-9_.-]/g, "-");

export interface WrittenRouteData {
  /** Each section's index, as the browser gets it. */
  indexes: RouteIndex[];
  /** Every route chunk and sidebar file's JSON by URL. */
  files: Map<string, string>;
  assets: SiteAssets;
  /** The Vite manifest key of a route's chunk URL, to find its server module and its imports. */
  chunkKeyOf(chunk: string): string;
  /** A route chunk's URL → its key in the bundles' manifests, as data (chunkKeyOf reads it). */
  chunkKeys: ReadonlyMap<string, string>;
}

/** How finely sections are cut; the build uses the constants, tests smaller numbers. */
export interface RouteDataLimits {
  routesPerChunk: number;
  sidebarSplitLinks: number;
}

/**
 * A route section as the browser loads it: an index (versions, and which file holds which
 * routes), the routes in chunks of `routesPerChunk` and each sidebar in a file of its own (a large
 * one as an outline and a part per top-level category, see splitSidebar), so nothing a page loads
 * holds every route or every sidebar item of a large section. `fileUrl` names each file from its
 * part name and JSON; the files are returned by URL.
 */
export function sectionRouteData(
  manifest: DocsManifest,
  fileUrl: (part: string, json: string) => string,
  limits: RouteDataLimits = { routesPerChunk: ROUTES_PER_CHUNK, sidebarSplitLinks: SIDEBAR_SPLIT_LINKS },
): { index: RouteIndex; files: Map<string, string> } {
  const key = fileSafe(sectionKey(manifest));
  const files = new Map<string, string>();
  const addFile = (part: string, data: unknown) => {
    const json = JSON.stringify(data);
    const file = fileUrl(part, json);
    files.set(file, json);
    return file;
  };
  // Version, sidebar and path key of a doc → the sidebar part that holds it.
  const partOfPath = new Map<string, string>();
  const writeSidebar = (version: VersionMetadata, name: string, items: SidebarItem[]) => {
    const { outline, parts } = splitSidebar(items, limits.sidebarSplitLinks);
    const written = [...outline];
    parts.forEach((part, number) => {
      const file = addFile(`sidebar-${key}-${fileSafe(name)}-part-${number}`, part.items);
      written[part.position] = { ...outline[part.position], itemsFile: file } as SidebarItem;
      for (const pathKey of sidebarPathKeys(items[part.position])) partOfPath.set(`${version.name}\0${name}\0${pathKey}`, file);
    });
    return addFile(`sidebar-${key}-${fileSafe(name)}`, written);
  };
  const versions = manifest.versions.map((version) => versionIndex(version, (name, items) => writeSidebar(version, name, items)));
  const withPart = (route: RouteRecord): RouteRecord => {
    const version = findVersion(manifest.versions, route.path) ?? manifest.versions[0];
    const part = route.doc?.sidebar && version && partOfPath.get(`${version.name}\0${route.doc.sidebar}\0${pathKey(route.path)}`);
    return part ? { ...route, sidebarPart: part } : route;
  };
  const index: RouteIndex = {
    pluginId: manifest.pluginId,
    ...(manifest.section !== undefined ? { section: manifest.section } : {}),
    label: manifest.label,
    routeBasePath: manifest.routeBasePath,
    versions,
    chunks: splitRoutes(manifest.routes.map(withPart), limits.routesPerChunk).map((chunk, number) => ({ from: chunk.from, file: addFile(`${ROUTE_CHUNK_PREFIX}${key}-${number}`, chunk.routes) })),
  };
  return { index, files };
}

/**
 * Writes every route section (see sectionRouteData): the indexes under ROUTE_INDEX_DIR, the
 * route chunks and sidebars content-hashed under assets/, each route's module replaced by the
 * URL of its client chunk and the chunks it imports (for modulepreload).
 */
export function writeRouteManifests(args: {
  site: SiteData;
  clientManifest: ViteManifest;
  outDir: string;
  write: OutputWriter;
  /** What a page's route carries about its runnable examples (runnableExamples.ts). */
  runnableOf?: (source: string) => RunnableExamples | undefined;
}): WrittenRouteData {
  const { site, clientManifest, outDir, write, runnableOf } = args;
  const url = (file: string) => `${site.config.baseUrl}${file}`;
  const chunkUrlToKey = new Map<string, string>();
  const keyOfSource = (source: string) => path.relative(site.siteDir, source).split(path.sep).join("/");
  const browserRoute = (route: RouteRecord): RouteRecord => {
    const key = keyOfSource(route.chunk);
    const entry = clientManifest[key];
    if (!entry) throw new SiteError(`${route.chunk}: the client build produced no chunk for this page`);
    const chunk = url(entry.file);
    chunkUrlToKey.set(chunk, key);
    const { js } = collectImports(clientManifest, key);
    const runnable = runnableOf?.(route.chunk);
    return { ...route, chunk, imports: js.filter((file) => file !== entry.file).map(url), ...(runnable ? { runnable } : {}) };
  };

  const files = new Map<string, string>();
  mkdirSync(path.join(outDir, "assets"), { recursive: true });
  mkdirSync(path.join(outDir, ROUTE_INDEX_DIR), { recursive: true });
  const indexUrls = new Map<string, string>();
  const indexes = site.manifests.map((manifest) => {
    const section = sectionRouteData({ ...manifest, routes: manifest.routes.map(browserRoute) }, (part, json) => url(`assets/${part}-${hashOf(json)}.json`));
    for (const [fileUrl, json] of section.files) {
      write(path.join(outDir, fileUrl.slice(site.config.baseUrl.length)), json);
      files.set(fileUrl, json);
    }
    const file = `${ROUTE_INDEX_DIR}/${fileSafe(sectionKey(manifest))}.json`;
    write(path.join(outDir, file), JSON.stringify(section.index));
    indexUrls.set(sectionKey(manifest), url(file));
    return section.index;
  });
  const assets: SiteAssets = { routeSections: routeSections(site, (key) => indexUrls.get(key)!), siteVersion: site.config.siteVersion };
  return { indexes, files, assets, chunkKeys: chunkUrlToKey, chunkKeyOf: (chunk) => chunkUrlToKey.get(chunk) ?? chunk };
}

/** A version as its section's index carries it, each sidebar written by `writeSidebar` and named by its URL. */
export function versionIndex(version: VersionMetadata, writeSidebar: (name: string, items: SidebarItem[]) => string): VersionIndex {
  const { docs, sidebars, ...rest } = version;
  const mainDocPath = docs.find((doc) => doc.id === version.mainDocId)?.path;
  return {
    ...rest,
    ...(mainDocPath !== undefined ? { mainDocPath } : {}),
    sidebars: Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, writeSidebar(name, items)])),
  };
}
