/** Fixtures shared by the theme unit tests: a one-section site with two docs, its route store and storage. */
import { createElement as h, type ReactNode } from "react";
import { StaticRouter } from "../../src/client/router";
import { createSafeStorage, type SafeStorage } from "../../src/core/storage";
import { PAGES_PLUGIN_ID } from "../../src/core/constants";
import type { DocsManifest, PageModule, RouteIndex, RouteRecord, ThemeConfig, VersionMetadata } from "../../src/core/types";
import { sectionRouteData } from "../../src/node/build/routeManifests";
import { RouteStore } from "../../src/client/RouteStore";
import { SiteContext, type SiteContextValue } from "../../src/client/contexts/SiteContext";

export const version: VersionMetadata = {
  name: "current",
  label: "Next",
  isLast: true,
  path: "/guide",
  mainDocId: "index",
  docs: [
    { id: "index", path: "/guide", sidebar: "guideSidebar" },
    { id: "second", path: "/guide/second", sidebar: "guideSidebar" },
  ],
  draftIds: [],
  sidebars: {
    guideSidebar: [
      { type: "link", label: "Introduction", href: "/guide", docId: "index" },
      { type: "link", label: "Second", href: "/guide/second", docId: "second" },
    ],
  },
};

export function docRoute(path: string, overrides: Partial<NonNullable<RouteRecord["doc"]>> = {}): RouteRecord {
  return {
    path,
    chunk: `/assets/page${path.replace(/\//g, "-")}.js`,
    doc: {
      id: path === "/guide" ? "index" : "second",
      title: path === "/guide" ? "Guide" : "Second",
      description: "",
      sidebar: "guideSidebar",
      hideTableOfContents: false,
      tocMinHeadingLevel: 2,
      tocMaxHeadingLevel: 3,
      tags: [],
      keywords: [],
      breadcrumbs: [],
      ...overrides,
    },
  };
}

export const guideManifest: DocsManifest = {
  pluginId: "default",
  label: "Guide",
  routeBasePath: "/guide",
  versions: [version],
  routes: [docRoute("/guide", { next: { title: "Second", permalink: "/guide/second" } }), docRoute("/guide/second", { previous: { title: "Guide", permalink: "/guide" } })],
};

export const pagesManifest: DocsManifest = {
  pluginId: PAGES_PLUGIN_ID,
  label: "Site",
  routeBasePath: "/",
  versions: [],
  routes: [{ path: "/", chunk: "/assets/home.js" }],
};

export function themeConfig(overrides: Partial<ThemeConfig> = {}): ThemeConfig {
  return {
    title: "Fixture",
    tagline: "A fixture",
    url: "https://fixture.example.org",
    baseUrl: "/",
    favicon: "img/favicon.svg",
    organizationName: "org",
    projectName: "project",
    locale: { default: "en", config: { label: "English", direction: "ltr", htmlLang: "en", calendar: "gregory", path: "en" } },
    navbar: { title: "Fixture", hideOnScroll: false, items: [{ type: "doc", docId: "index", label: "Guide", href: "/guide" }] },
    footer: { columns: [{ title: "Docs", items: [{ label: "Guide", href: "/guide/" }] }], copyright: "Copyright fixture" },
    colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: false },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    search: {},
    sections: [{ pluginId: "default", label: "Guide", routeBasePath: "/guide" }],
    ...overrides,
  };
}

export const page = (component: unknown = () => h("p", null, "Page body")): PageModule => ({ default: component, toc: [] });

/** A section as the browser gets it (index, route chunks, sidebars), made the way the build makes it. */
export function routeDataOf(manifest: DocsManifest): { index: RouteIndex; files: Map<string, unknown> } {
  const { index, files } = sectionRouteData(manifest, (part) => `/route-data/${part}.json`);
  return { index, files: new Map([...files].map(([url, json]) => [url, JSON.parse(json) as unknown])) };
}

export function storeWith(manifests: DocsManifest[], pages: Record<string, PageModule> = {}): RouteStore {
  const store = new RouteStore([...themeConfig().sections, { pluginId: PAGES_PLUGIN_ID, label: "Fixture", routeBasePath: "/" }], {
    loadIndex: () => Promise.reject(new Error("not in this test")),
    loadFile: () => Promise.reject(new Error("not in this test")),
    importPage: () => Promise.reject(new Error("not in this test")),
  });
  for (const manifest of manifests) {
    const { index, files } = routeDataOf(manifest);
    store.setIndex(index, files);
  }
  for (const [chunk, module] of Object.entries(pages)) store.setPage(chunk, module);
  return store;
}

export function memoryStorage(): { storage: SafeStorage; backing: Map<string, string> } {
  const backing = new Map<string, string>();
  const storage = createSafeStorage(() => ({
    getItem: (key: string) => backing.get(key) ?? null,
    setItem: (key: string, value: string) => void backing.set(key, value),
    removeItem: (key: string) => void backing.delete(key),
  }) as unknown as Storage);
  return { storage, backing };
}

export function siteValue(store = storeWith([guideManifest, pagesManifest]), storage = memoryStorage().storage): SiteContextValue {
  return { config: themeConfig(), assets: { routeSections: [], siteVersion: "0" }, store, storage, navigate: () => undefined, prefetch: () => undefined };
}

export function withSite(node: ReactNode, site = siteValue(), url = "/guide"): ReactNode {
  return h(StaticRouter, { location: url }, h(SiteContext.Provider, { value: site }, node));
}

export const assets = { routeSections: [], siteVersion: "0" };
