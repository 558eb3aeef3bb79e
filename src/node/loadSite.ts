import type { DocsManifest, NavbarItem, SectionSummary, ThemeConfig } from "../core/types";
import { loadSiteConfig } from "./config/load";
import type { SiteConfig } from "./config/types";
import { SiteError } from "./errors";
import { GENERATOR_DIR } from "./generatorDir";
import { runPlugins, type LoadedPlugin } from "./plugins/runPlugins";
import type { Plugin, PluginContext, RouteSummary } from "./plugins/types";
import { docsPlugin } from "../../plugins/content-docs";
import { pagesPlugin } from "../../plugins/content-pages";
import { sitemapPlugin } from "../../plugins/sitemap";
import { docusaurusCompatPlugin } from "../../plugins/docusaurus-compat";

const MARKDOWN = /\.mdx?$/;

/** Everything the build and the dev server know about a site before bundling: plain data from the plugins. */
export interface SiteData {
  siteDir: string;
  config: SiteConfig;
  plugins: Plugin[];
  /** One route manifest per plugin that has routes; chunks are still absolute module paths. */
  manifests: DocsManifest[];
  /** Every route, with the plugin and section it belongs to. */
  routes: RouteSummary[];
  themeConfig: ThemeConfig;
  /** Absolute Markdown source path → route, for links between Markdown files. */
  routeOfSource: Map<string, string>;
  /** JSON files plugins created with createData, by output path. */
  dataFiles: Map<string, string>;
}

/** The plugins a site runs: one docs plugin per docs folder, the pages, then what derives from every page. */
function sitePlugins(context: PluginContext): Plugin[] {
  return [
    ...context.siteConfig.docs.map((instance) => docsPlugin(context, instance)),
    pagesPlugin(context, { generatorDir: GENERATOR_DIR }),
    ...(context.siteConfig.docusaurus ? [docusaurusCompatPlugin(context.siteConfig.docusaurus)] : []),
    sitemapPlugin(context),
  ] as Plugin[];
}

/** Navbar `doc` items become links: the doc's route, found in the docs plugin's versions. */
function resolveNavbarItem(item: NavbarItem, key: string, manifests: DocsManifest[]): NavbarItem {
  if (item.type === "dropdown") {
    return { ...item, items: item.items.map((child, index) => resolveNavbarItem(child, `${key}.items[${index}]`, manifests) as typeof child) };
  }
  if (item.type !== "doc") return item;
  const pluginId = item.docsPluginId ?? "default";
  const docsManifests = manifests.filter((manifest) => manifest.versions.length > 0);
  const manifest = docsManifests.find((candidate) => candidate.pluginId === pluginId);
  if (!manifest) {
    throw new SiteError(`site.config.ts: "${key}.docsPluginId" names docs plugin "${pluginId}", which does not exist. Available plugin ids: ${docsManifests.map((m) => m.pluginId).join(", ")}`);
  }
  const docs = manifest.versions[0].docs;
  const doc = docs.find((candidate) => candidate.id === item.docId);
  if (!doc) {
    throw new SiteError(`site.config.ts: "${key}.docId" names doc "${item.docId}", which does not exist in docs plugin "${pluginId}". Available doc ids: ${docs.map((d) => d.id).join(", ")}`);
  }
  return { ...item, href: doc.path };
}

function manifestOf(entry: LoadedPlugin): DocsManifest {
  const data = entry.globalData!;
  return {
    pluginId: entry.plugin.id,
    label: data.label,
    routeBasePath: data.routeBasePath,
    versions: data.versions ?? [],
    routes: entry.routes.map((route) => ({ path: route.path, chunk: route.component, ...(route.doc ? { doc: route.doc } : {}) })),
  };
}

/** Reads the configuration and runs every plugin's content hooks. */
export async function loadSite(siteDir: string, options: { dev: boolean }): Promise<SiteData> {
  const config = await loadSiteConfig(siteDir);
  const plugins = sitePlugins({ siteDir, siteConfig: config, dev: options.dev });
  const { loaded, dataFiles } = await runPlugins(plugins, config.baseUrl);
  const withRoutes = loaded.filter((entry) => entry.routes.length > 0);
  const manifests = withRoutes.map(manifestOf);

  const routes: RouteSummary[] = [];
  const routeOfSource = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const key = route.path.toLowerCase();
      const other = owner.get(key);
      if (other !== undefined) throw new SiteError(`${route.chunk}: its route "${route.path}" is also produced by ${other}; give one of them another slug or file name`);
      owner.set(key, route.chunk);
      if (MARKDOWN.test(route.chunk)) routeOfSource.set(route.chunk, route.path);
      routes.push({ path: route.path, pluginId: manifest.pluginId, sectionLabel: manifest.label, component: route.chunk, doc: route.doc });
    }
  }

  const docsSections: SectionSummary[] = manifests
    .filter((manifest) => manifest.versions.length > 0)
    .map(({ pluginId, label, routeBasePath }) => ({ pluginId, label, routeBasePath }));
  const themeConfig: ThemeConfig = {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    favicon: config.favicon,
    organizationName: config.organizationName,
    projectName: config.projectName,
    locale: { default: config.i18n.defaultLocale, config: config.i18n.localeConfigs[config.i18n.defaultLocale] },
    navbar: { ...config.navbar, items: config.navbar.items.map((item, index) => resolveNavbarItem(item, `navbar.items[${index}]`, manifests)) },
    footer: config.footer,
    colorMode: config.colorMode,
    tableOfContents: config.tableOfContents,
    announcementBar: config.announcementBar,
    search: config.search,
    sections: docsSections,
  };
  return { siteDir, config, plugins, manifests, routes, themeConfig, routeOfSource, dataFiles };
}

/** The sections the browser routes by: every plugin's base path and where its manifest lives. */
export function routeSections(site: SiteData, manifestUrl: (pluginId: string) => string) {
  return site.manifests.map(({ pluginId, label, routeBasePath }) => ({ pluginId, label, routeBasePath, manifest: manifestUrl(pluginId) }));
}
