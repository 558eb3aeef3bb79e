import { DEFAULT_PLUGIN_ID } from "../core/constants";
import { sectionKey } from "../core/routeMatch";
import type { DocsManifest, NavbarItem, RouteSection, SectionSummary, ThemeConfig, VersionMetadata } from "../core/types";
import { loadSiteConfig } from "./config/load";
import type { SiteConfig } from "./config/types";
import { SiteError } from "./errors";
import { GENERATOR_DIR } from "./generatorDir";
import { runPlugins, type LoadedPlugin } from "./plugins/runPlugins";
import type { Plugin, PluginContext, RouteConfig, RouteSummary } from "./plugins/types";
import { docsPlugin } from "../../plugins/content-docs";
import { blogPlugin } from "../../plugins/content-blog";
import { pagesPlugin } from "../../plugins/content-pages";
import { sitemapPlugin } from "../../plugins/sitemap";
import { compressPlugin } from "../../plugins/compress";
import { searchPlugin } from "../../plugins/search";
import { docusaurusCompatPlugin } from "../../plugins/docusaurus-compat";
import { llmsPlugin } from "../../plugins/llms";
import { closeYamlMemo, openYamlMemo } from "./yamlMemo";

const MARKDOWN = /\.mdx?$/;

/** Everything the build and the dev server know about a site before bundling: plain data from the plugins. */
export interface SiteData {
  siteDir: string;
  config: SiteConfig;
  plugins: Plugin[];
  /** One route manifest per route section (per plugin, or per docs version); chunks are still absolute module paths. */
  manifests: DocsManifest[];
  /** Every route, with the plugin and section it belongs to. */
  routes: RouteSummary[];
  themeConfig: ThemeConfig;
  /** Absolute Markdown source path → route, for links between Markdown files. */
  routeOfSource: Map<string, string>;
  /** JSON files plugins created with createData, by output path. */
  dataFiles: Map<string, string>;
}

/** The plugins a site runs: one docs plugin per docs folder, the blogs, the pages, then what derives from every page. */
function sitePlugins(context: PluginContext): Plugin[] {
  return [
    ...context.siteConfig.docs.map((instance) => docsPlugin(context, instance)),
    ...context.siteConfig.blog.map((options, index, all) => blogPlugin(context, { ...options, generatorDir: GENERATOR_DIR }, all.length > 1 ? `blog[${index}]` : "blog")),
    pagesPlugin(context, { ...context.siteConfig.pages, generatorDir: GENERATOR_DIR }),
    ...(context.siteConfig.docusaurus ? [docusaurusCompatPlugin(context.siteConfig.docusaurus)] : []),
    sitemapPlugin(context),
    searchPlugin(),
    llmsPlugin(context),
    // Last: its postBuild compresses what every other plugin wrote.
    ...(context.dev ? [] : [compressPlugin(context)]),
  ] as Plugin[];
}

/** A docs plugin as the navbar resolves it: its id and its versions, newest first. */
interface DocsPluginVersions {
  pluginId: string;
  versions: VersionMetadata[];
}

/**
 * Navbar `doc` items become links: the doc's route in the last version (the
 * one at the plugin's base path). With several versions the item also gets
 * the doc's path in each version, so it can follow the version the reader
 * is in or prefers.
 */
function resolveNavbarItem(item: NavbarItem, key: string, plugins: DocsPluginVersions[]): NavbarItem {
  if (item.type === "dropdown") {
    return { ...item, items: item.items.map((child, index) => resolveNavbarItem(child, `${key}.items[${index}]`, plugins) as typeof child) };
  }
  if (item.type !== "doc") return item;
  const pluginId = item.docsPluginId ?? DEFAULT_PLUGIN_ID;
  const plugin = plugins.find((candidate) => candidate.pluginId === pluginId);
  if (!plugin) {
    throw new SiteError(`site.config.ts: "${key}.docsPluginId" names docs plugin "${pluginId}", which does not exist. Available plugin ids: ${plugins.map((p) => p.pluginId).join(", ")}`);
  }
  const hrefByVersion: Record<string, string> = {};
  for (const version of plugin.versions) {
    const doc = version.docs.find((candidate) => candidate.id === item.docId);
    if (doc) hrefByVersion[version.name] = doc.path;
  }
  const last = plugin.versions.find((version) => version.isLast) ?? plugin.versions[0];
  const href = hrefByVersion[last.name] ?? Object.values(hrefByVersion)[0];
  if (href === undefined) {
    throw new SiteError(`site.config.ts: "${key}.docId" names doc "${item.docId}", which does not exist in docs plugin "${pluginId}". Available doc ids: ${last.docs.map((d) => d.id).join(", ")}`);
  }
  return plugin.versions.length > 1 ? { ...item, href, hrefByVersion } : { ...item, href };
}

/** One route manifest per route section of a plugin (one, unless the plugin split its routes). */
function manifestsOf(entry: LoadedPlugin): DocsManifest[] {
  const data = entry.globalData!;
  const toRecord = (route: RouteConfig) => ({ path: route.path, chunk: route.component, ...(route.doc ? { doc: route.doc } : {}), ...(route.page ? { page: route.page } : {}) });
  if (entry.sections.length === 0) {
    return [{ pluginId: entry.plugin.id, label: data.label, routeBasePath: data.routeBasePath, versions: data.versions ?? [], routes: entry.routes.map(toRecord) }];
  }
  return entry.sections.map((section) => ({
    pluginId: entry.plugin.id,
    section: section.name,
    label: data.label,
    routeBasePath: section.routeBasePath,
    // A versioned docs plugin names each section after its version.
    versions: (data.versions ?? []).filter((version) => version.name === section.name),
    routes: entry.routes.filter((route) => route.section === section.name).map(toRecord),
  }));
}

/** Reads the configuration and runs every plugin's content hooks. */
export async function loadSite(siteDir: string, options: { dev: boolean; config?: Promise<SiteConfig> }): Promise<SiteData> {
  const config = await (options.config ?? loadSiteConfig(siteDir));
  const plugins = sitePlugins({ siteDir, siteConfig: config, dev: options.dev });
  openYamlMemo(siteDir);
  const { loaded, dataFiles } = await runPlugins(plugins, config.baseUrl).finally(closeYamlMemo);
  const withRoutes = loaded.filter((entry) => entry.routes.length > 0);
  const manifests = withRoutes.flatMap(manifestsOf);

  const routes: RouteSummary[] = [];
  const routeOfSource = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const key = route.path.toLowerCase();
      const other = owner.get(key);
      if (other !== undefined) throw new SiteError(`${route.chunk}: duplicate route "${route.path}", also produced by ${other}; give one of them another slug or file name`);
      owner.set(key, route.chunk);
      if (MARKDOWN.test(route.chunk)) routeOfSource.set(route.chunk, route.path);
      routes.push({ path: route.path, pluginId: manifest.pluginId, sectionLabel: manifest.label, component: route.chunk, doc: route.doc, page: route.page, ...(manifest.section !== undefined ? { section: manifest.section } : {}), ...(route.doc ? { inLastVersion: manifest.versions.some((version) => version.isLast) } : {}) });
    }
  }

  const docsPlugins = withRoutes.filter((entry) => (entry.globalData?.versions ?? []).length > 0);
  const docsSections: SectionSummary[] = docsPlugins.map(({ plugin, globalData }) => ({
    pluginId: plugin.id,
    label: globalData!.label,
    routeBasePath: globalData!.routeBasePath,
    ...(globalData!.versionSummaries ? { versions: globalData!.versionSummaries } : {}),
  }));
  const navbarPlugins = docsPlugins.map(({ plugin, globalData }) => ({ pluginId: plugin.id, versions: globalData!.versions! }));
  const themeConfig: ThemeConfig = {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    favicon: config.favicon,
    organizationName: config.organizationName,
    projectName: config.projectName,
    locale: { default: config.i18n.defaultLocale, config: config.i18n.localeConfigs[config.i18n.defaultLocale] },
    navbar: { ...config.navbar, items: config.navbar.items.map((item, index) => resolveNavbarItem(item, `navbar.items[${index}]`, navbarPlugins)) },
    footer: config.footer,
    colorMode: config.colorMode,
    tableOfContents: config.tableOfContents,
    announcementBar: config.announcementBar,
    search: config.search,
    sections: docsSections,
    ...customFieldsOf(config),
  };
  return { siteDir, config, plugins, manifests, routes, themeConfig, routeOfSource, dataFiles };
}

/**
 * A Docusaurus site's customFields, as plain data for the browser. Values
 * JSON cannot carry (functions) fail the build, as they do in Docusaurus.
 */
function customFieldsOf(config: SiteConfig): { customFields?: Record<string, unknown> } {
  const fields = config.docusaurus?.customFields ?? {};
  if (Object.keys(fields).length === 0) return {};
  JSON.stringify(fields, (key, value: unknown) => {
    if (typeof value === "function") throw new SiteError(`${config.docusaurus!.configFile}: customFields.${key} is a function; customFields must be plain data (strings, numbers, booleans, arrays, objects)`);
    return value;
  });
  return { customFields: fields };
}

/** The sections the browser routes by: every section's base path and where its manifest lives (by section key). */
export function routeSections(site: SiteData, manifestUrl: (key: string) => string): RouteSection[] {
  return site.manifests.map(({ pluginId, section, label, routeBasePath }) => ({
    pluginId,
    ...(section !== undefined ? { section } : {}),
    label,
    routeBasePath,
    manifest: manifestUrl(sectionKey({ pluginId, section })),
  }));
}
