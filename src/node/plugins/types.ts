import type { PluggableList } from "unified";
import type { DocRouteData, PageRouteData, VersionMetadata, VersionSummary } from "../../core/types";
import type { SiteConfig } from "../config/types";
import type { PageFacts } from "../markdown/facts";

/**
 * A file's contents as emitFiles gives them: text, bytes, or text in parts written one after
 * another, so a file made of every page (llms-full.txt: 13 MB at 2,000 pages) is never joined into
 * one string only to be copied to the writing thread and encoded there.
 */
export type EmittedContents = string | Uint8Array | readonly EmittedPart[];

/**
 * A part of a file emitFiles returns in parts: text, or bytes [start, end) of a file of the last
 * output (a name previousFiles lists), which the output writer copies from there: a file made
 * mostly of what the plugin wrote last time (llms-full.txt) never passes through the build's
 * memory. A range past that file's end fails the build.
 */
export type EmittedPart = string | PreviousFileBytes;

export interface PreviousFileBytes {
  previousFile: string;
  start: number;
  end: number;
}

/**
 * The plugin API. Every source of routes (docs, pages, a blog) and every file
 * derived from the whole site (search index, sitemap, feeds) is a plugin; the
 * build, the dev server and the browser know plugins only through the plain
 * data these hooks return. Modelled on Docusaurus' lifecycle:
 *
 *   loadContent() → contentLoaded({ content, actions }) → buildStarting() → [bundle, render] → emitFiles() → postBuild()
 */
export interface Plugin<Content = unknown> {
  /** The plugin's name, e.g. "content-docs"; used in messages. */
  name: string;
  /**
   * The instance id. Routes of one instance form one route manifest that the
   * browser loads on first entering the instance's `routeBasePath`.
   */
  id: string;
  /** Reads files and returns plain data. Runs once per build and again in dev after a content change. */
  loadContent?(): Promise<Content> | Content;
  /** Turns the content into routes, global data and data files. */
  contentLoaded?(args: { content: Content; actions: PluginActions }): Promise<void> | void;
  /** Extra remark/rehype plugins for every Markdown page the site compiles. */
  markdown?: { remarkPlugins?: PluggableList; rehypePlugins?: PluggableList };
  /** Modules the browser loads before the first render (for global side effects such as CSS). */
  getClientModules?(): string[];
  /** Files and folders whose change makes the dev server reload this plugin's content. */
  getPathsToWatch?(): string[];
  /**
   * Called once when a build starts on its pages (not when it reuses the last output, never by the
   * dev server), before they compile: a plugin may start work its emitFiles will take up, such as
   * a thread of its own that loads what the last build stored meanwhile.
   */
  buildStarting?(args: BuildStartingArgs): void;
  /**
   * Files derived from every page (a search index, a sitemap). The build writes
   * them into the output; the dev server serves them on request. Paths are
   * relative to the site root, without the base URL.
   */
  emitFiles?(args: EmitFilesArgs): Promise<Record<string, EmittedContents>> | Record<string, EmittedContents>;
  /**
   * Told of each file as the build writes it into outDir (the bundle's files once bundled, each page
   * as it renders, the plugins' files), so work on it can start while the build goes on. postBuild
   * still comes after every file is written; a later plugin's postBuild may change a file again.
   */
  outputFileWritten?(args: OutputFileArgs): void;
  /**
   * Suffixes of the files this plugin makes beside an output file (the compress plugin's ".br" and
   * ".gz"), which must follow from the file's bytes and the plugin's code alone. When the build links
   * a file unchanged from the previous output, and this generator version made that output, those
   * files there come along (each at least as new as the file), and outputFileWritten says `derivedKept`.
   */
  derivedFileSuffixes?: readonly string[];
  /** Runs after the whole output is written and checked, before it replaces the previous build. */
  postBuild?(args: PostBuildArgs): Promise<void> | void;
  /**
   * Its outputFileWritten and postBuild work when outDir holds only the files this build changed:
   * the rest stay where they are in previousOutDir, unchanged, with their derived files. When every
   * plugin with either hook says so, a rebuild into the folder of its untouched last output stages
   * just its changes and merges them in place; otherwise it stages the whole output.
   */
  handlesPartialOutput?: boolean;
}

/** What contentLoaded may do. Everything it passes must be plain JSON data. */
export interface PluginActions {
  /**
   * Adds a route rendered by `component`: an absolute path to a Markdown, MDX
   * or React module whose default export is the page. `doc` is shown by the
   * docs chrome (sidebar, breadcrumbs, pagination).
   */
  addRoute(route: RouteConfig): void;
  /**
   * Data about the instance that every page of it can read (the theme reads
   * `label`, `routeBasePath` and `versions`). Required once a plugin adds routes:
   * the browser needs the base path to know which manifest to load.
   */
  setGlobalData(data: PluginGlobalData): void;
  /** Writes a JSON file into the output and returns the URL a page can fetch it from. */
  createData(name: string, data: unknown): string;
  /**
   * Splits the plugin's routes into sections, each its own route manifest
   * (and so its own set of lazy chunks): a reader of one section downloads
   * nothing of another. The browser picks the section whose `routeBasePath`
   * is the longest prefix of the address. Once a plugin adds a section, every
   * route it adds names one. A docs plugin adds one per version, named after
   * the version; that section's manifest carries that version's metadata.
   */
  addRouteSection(section: RouteSectionConfig): void;
}

export interface RouteSectionConfig {
  /** Unique in the plugin; no "/" or "\\". */
  name: string;
  routeBasePath: string;
}

export interface RouteConfig {
  path: string;
  component: string;
  doc?: DocRouteData;
  /** How the theme wraps a route that is not a doc (Markdown page, blog post, React page with props). */
  page?: PageRouteData;
  /** The section (see addRouteSection) the route belongs to. */
  section?: string;
}

export interface PluginGlobalData {
  label: string;
  routeBasePath: string;
  versions?: VersionMetadata[];
  /** A docs plugin's versions as every page sees them (the theme config). */
  versionSummaries?: VersionSummary[];
}

export interface BuildStartingArgs {
  /** Every route of the site, in the order plugins added them. */
  routes: RouteSummary[];
  /** The plugin's cache folder, as emitFiles will get it. */
  cacheDir?: string;
}

export interface EmitFilesArgs {
  siteConfig: SiteConfig;
  /** Every route of the site, in the order plugins added them. */
  routes: RouteSummary[];
  /** The facts the Markdown compile collected, for the routes whose component is Markdown. */
  factsOf(route: RouteSummary): PageFacts | undefined;
  /**
   * The key of a Markdown route's compile in the build's cache, when it is stored there: a hash of
   * everything the compile follows from (the page's text, where its links lead, the site's
   * settings, the generator, and the addresses of the built images its plain copy shows). Equal
   * keys, equal facts: a plugin may key what it derives from the facts by it instead of hashing
   * them. The dev server gives none.
   */
  compileKeyOf?(route: RouteSummary): string | undefined;
  /**
   * Where a Markdown route's facts are stored, when they are: a plugin handing work to a thread of
   * its own sends this instead of the facts, and the thread reads only the pages it needs
   * (readStoredFacts). The dev server gives none.
   */
  storedFactsOf?(route: RouteSummary): StoredFacts | undefined;
  /**
   * A folder of this plugin's own for results that outlive a build (under the site's
   * `node_modules/.cache/`), emptied whenever the generator changes: its version, lock file or
   * code. The build gives one; the dev server does not.
   */
  cacheDir?: string;
  /**
   * The files under `prefix` ("/"-separated, relative to the output) of the last build's output,
   * when that output is untouched since, each with the hash of its bytes (outputContentHash).
   * Empty when there is no such output; the dev server gives none.
   */
  previousFiles?(prefix: string): ReadonlyMap<string, string>;
  /**
   * Leaves a file of previousFiles as it is: for a file this build would write with the same bytes
   * (by its hash), whose bytes then need not reach the build at all. The plugin returns it no more.
   */
  keep?(relative: string): void;
}

/** A page's facts as the build stored them: plain data, which a thread can be sent. */
export interface StoredFacts {
  file: string;
}

export interface RouteSummary {
  path: string;
  pluginId: string;
  /** The section's label (docs: the library name). */
  sectionLabel: string;
  component: string;
  doc?: DocRouteData;
  page?: PageRouteData;
  /** The route section the route belongs to, when its plugin has several (a docs version's name). */
  section?: string;
  /** A docs route: whether it is in its plugin's last version (the one at the plugin's base path). */
  inLastVersion?: boolean;
}

export interface OutputFileArgs {
  /** Absolute path of the file written, inside outDir. */
  file: string;
  outDir: string;
  /** As in PostBuildArgs. */
  previousOutDir?: string;
  /**
   * The file is the previous output's, unchanged (linked into outDir, or left where it is by a
   * merge in place: see handlesPartialOutput), and the files plugins derive from it
   * (derivedFileSuffixes) came along from there, or it had none.
   */
  derivedKept?: boolean;
  /** Its size, when this build wrote it (not for a file kept from the previous output): work on it may be ordered by it. */
  bytes?: number;
  /** The hash of its bytes (outputContentHash), when the build knows it: what previousFiles will say of it next time. */
  hash?: string;
}

export interface PostBuildArgs {
  siteConfig: SiteConfig;
  outDir: string;
  routes: RouteSummary[];
  /**
   * The last build's output folder when it is still exactly as that build wrote it (about to be
   * replaced by outDir, or, when the build merges in place, to take in outDir's files): a file
   * there may be hard-linked into outDir instead of made again.
   */
  previousOutDir?: string;
}

/** A plugin's factory as site configs list it: it gets the site's context and its own options. */
export type PluginFactory<Options = unknown> = (context: PluginContext, options: Options) => Plugin<unknown> | Promise<Plugin<unknown>>;

export interface PluginContext {
  siteDir: string;
  siteConfig: SiteConfig;
  /** Dev server: drafts are shown and pages compile with React's development runtime. */
  dev: boolean;
}
