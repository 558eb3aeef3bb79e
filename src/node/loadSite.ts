import path from "node:path";
import { PAGES_PLUGIN_ID } from "../core/constants";
import type { DocsManifest, NavbarItem, ThemeConfig } from "../core/types";
import { loadSiteConfig } from "./config/load";
import type { SiteConfig } from "./config/types";
import { loadDocsPlugin, type DocsPluginContent } from "../../plugins/content-docs";
import { SiteError } from "./errors";
import { GENERATOR_DIR } from "./generatorDir";

/** The built-in pages and the modules that render them. */
export const BUILT_IN_PAGES = [
  { path: "/", source: "src/theme/pages/HomePage.tsx" },
  { path: "/search", source: "src/theme/pages/SearchRoutePage.tsx" },
] as const;

export interface SiteData {
  siteDir: string;
  config: SiteConfig;
  docsPlugins: DocsPluginContent[];
  themeConfig: ThemeConfig;
  /** The built-in pages' manifest; chunks are still absolute source paths. */
  pagesManifest: DocsManifest;
  /** Absolute source path → route, for every doc. */
  routeOfSource: Map<string, string>;
}

function resolveNavbarItem(item: NavbarItem, key: string, plugins: DocsPluginContent[]): NavbarItem {
  if (item.type === "dropdown") {
    return { ...item, items: item.items.map((child, index) => resolveNavbarItem(child, `${key}.items[${index}]`, plugins) as typeof child) };
  }
  if (item.type !== "doc") return item;
  const pluginId = item.docsPluginId ?? "default";
  const plugin = plugins.find((candidate) => candidate.instance.id === pluginId);
  if (!plugin) {
    throw new SiteError(`site.config.ts: "${key}.docsPluginId" names docs plugin "${pluginId}", which does not exist. Available plugin ids: ${plugins.map((p) => p.instance.id).join(", ")}`);
  }
  const doc = plugin.docs.find((candidate) => candidate.id === item.docId);
  if (!doc) {
    throw new SiteError(`site.config.ts: "${key}.docId" names doc "${item.docId}", which does not exist in docs plugin "${pluginId}". Available doc ids: ${plugin.docs.map((d) => d.id).join(", ")}`);
  }
  return { ...item, href: doc.permalink };
}

/** Reads the configuration and every docs folder into plain data. */
export async function loadSite(siteDir: string, options: { includeDrafts: boolean }): Promise<SiteData> {
  const config = await loadSiteConfig(siteDir);
  const docsPlugins = await Promise.all(
    config.docs.map((instance) => loadDocsPlugin(instance, { siteDir, includeDrafts: options.includeDrafts, tocLevels: config.tableOfContents })),
  );
  const routeOfSource = new Map<string, string>();
  const routeOwner = new Map<string, string>();
  for (const plugin of docsPlugins) {
    for (const doc of plugin.docs) {
      routeOfSource.set(doc.source, doc.permalink);
      const key = doc.permalink.toLowerCase();
      const owner = routeOwner.get(key);
      if (owner) throw new SiteError(`${doc.source}: duplicate route "${doc.permalink}", also produced by ${owner}`);
      routeOwner.set(key, doc.source);
    }
  }
  for (const page of BUILT_IN_PAGES) {
    const owner = routeOwner.get(page.path);
    if (owner) throw new SiteError(`${owner}: its route "${page.path}" is taken by a built-in page; give the doc another slug`);
  }
  const navbarItems = config.navbar.items.map((item, index) => resolveNavbarItem(item, `navbar.items[${index}]`, docsPlugins));
  const themeConfig: ThemeConfig = {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    favicon: config.favicon,
    organizationName: config.organizationName,
    projectName: config.projectName,
    locale: { default: config.i18n.defaultLocale, config: config.i18n.localeConfigs[config.i18n.defaultLocale] },
    navbar: { ...config.navbar, items: navbarItems },
    footer: config.footer,
    colorMode: config.colorMode,
    tableOfContents: config.tableOfContents,
    announcementBar: config.announcementBar,
    search: config.search,
    sections: docsPlugins.map((plugin) => ({ pluginId: plugin.instance.id, label: plugin.instance.label, routeBasePath: plugin.manifest.routeBasePath })),
  };
  const pagesManifest: DocsManifest = {
    pluginId: PAGES_PLUGIN_ID,
    label: config.title,
    routeBasePath: "/",
    versions: [],
    routes: BUILT_IN_PAGES.map((page) => ({ path: page.path, chunk: path.join(GENERATOR_DIR, page.source) })),
  };
  return { siteDir, config, docsPlugins, themeConfig, pagesManifest, routeOfSource };
}
