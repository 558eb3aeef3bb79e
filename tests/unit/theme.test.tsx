import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "../../src/client/router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeHeadingId } from "../../src/core/activeHeading";
import { PREFERRED_VERSION_STORAGE_PREFIX, PROGRESS_BAR_MINIMUM, PROGRESS_BAR_TRICKLE_RATE } from "../../src/core/constants";
import { afterAnchorJump, afterScroll, initialHideOnScroll } from "../../src/core/hideOnScroll";
import { createSafeStorage, type SafeStorage } from "../../src/core/storage";
import type { DocsManifest, NavbarItem as NavbarItemConfig, PageModule, RouteRecord, ThemeConfig, VersionMetadata } from "../../src/core/types";
import { useColorMode } from "../../src/client/contexts/ColorModeContext";
import { useDocsSidebar, useDocsVersion } from "../../src/client/contexts/DocsContext";
import { useMobileMenu } from "../../src/client/contexts/MobileMenuContext";
import { PAGES_PLUGIN_ID, RouteStore } from "../../src/client/RouteStore";
import { SiteContext, useSite, type SiteContextValue } from "../../src/client/contexts/SiteContext";
import { render as renderRoute } from "../../src/client/serverEntry";
import CrashPage, { causeChain } from "../../src/theme/CrashPage/CrashPage";
import DocPage from "../../src/theme/DocPage/DocPage";
import DocsPreferredVersionProvider, { useDocsPreferredVersion } from "../../src/theme/DocsPreferredVersion/DocsPreferredVersionProvider";
import NavbarItem from "../../src/theme/Navbar/NavbarItem";

// ---------------------------------------------------------------- fixtures

const version: VersionMetadata = {
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

function docRoute(path: string, overrides: Partial<NonNullable<RouteRecord["doc"]>> = {}): RouteRecord {
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

const guideManifest: DocsManifest = {
  pluginId: "default",
  label: "Guide",
  routeBasePath: "/guide",
  versions: [version],
  routes: [docRoute("/guide", { next: { title: "Second", permalink: "/guide/second" } }), docRoute("/guide/second", { previous: { title: "Guide", permalink: "/guide" } })],
};

const pagesManifest: DocsManifest = {
  pluginId: PAGES_PLUGIN_ID,
  label: "Site",
  routeBasePath: "/",
  versions: [],
  routes: [{ path: "/", chunk: "/assets/home.js" }],
};

function themeConfig(overrides: Partial<ThemeConfig> = {}): ThemeConfig {
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

const page = (component: unknown = () => h("p", null, "Page body")): PageModule => ({ default: component, toc: [] });

function storeWith(manifests: DocsManifest[], pages: Record<string, PageModule> = {}): RouteStore {
  const store = new RouteStore(
    [...themeConfig().sections, { pluginId: PAGES_PLUGIN_ID, label: "Fixture", routeBasePath: "/" }],
    { loadManifest: () => Promise.reject(new Error("not in this test")), importPage: () => Promise.reject(new Error("not in this test")) },
  );
  for (const manifest of manifests) store.setManifest(manifest);
  for (const [chunk, module] of Object.entries(pages)) store.setPage(chunk, module);
  return store;
}

function memoryStorage(): { storage: SafeStorage; backing: Map<string, string> } {
  const backing = new Map<string, string>();
  const storage = createSafeStorage(() => ({
    getItem: (key: string) => backing.get(key) ?? null,
    setItem: (key: string, value: string) => void backing.set(key, value),
    removeItem: (key: string) => void backing.delete(key),
  }) as unknown as Storage);
  return { storage, backing };
}

function siteValue(store = storeWith([guideManifest, pagesManifest]), storage = memoryStorage().storage): SiteContextValue {
  return { config: themeConfig(), assets: { manifests: {}, pagesManifest: "", siteVersion: "0" }, store, storage, navigate: () => undefined, prefetch: () => undefined };
}

function withSite(node: ReactNode, site = siteValue(), url = "/guide"): ReactNode {
  return h(StaticRouter, { location: url }, h(SiteContext.Provider, { value: site }, node));
}

const assets = { manifests: {}, pagesManifest: "", siteVersion: "0" };

// ---------------------------------------------------------------- errors (spec section 8)

describe("contexts used outside their provider", () => {
  const cases: [string, () => unknown][] = [
    ["SiteProvider", useSite],
    ["ColorModeProvider", useColorMode],
    ["MobileMenuProvider", useMobileMenu],
    ["DocsVersionProvider", useDocsVersion],
    ["DocsSidebarProvider", useDocsSidebar],
    ["DocsPreferredVersionProvider", useDocsPreferredVersion],
  ];
  it.each(cases)("name the provider (%s)", (provider, hook) => {
    function Consumer() {
      hook();
      return null;
    }
    expect(() => renderToString(h(Consumer))).toThrow(`<${provider}>`);
  });
});

describe("a missing sidebar or doc id", () => {
  it("lists the sidebars that exist when a doc names an unknown sidebar", () => {
    const route = docRoute("/guide", { sidebar: "noSuchSidebar" });
    const element = h(DocsPreferredVersionProvider, null, h(DocPage, { route, manifest: guideManifest, page: page() }));
    expect(() => renderToString(withSite(element))).toThrow(/No sidebar named "noSuchSidebar".*Available sidebars: guideSidebar/);
  });

  it("lists the doc ids that exist when a navbar item names an unknown doc", () => {
    const item: NavbarItemConfig = { type: "doc", docId: "missing", docsPluginId: "default", label: "Broken" };
    expect(() => renderToString(withSite(h("ul", null, h(NavbarItem, { item, pathname: "/guide" }))))).toThrow(/Available doc ids: index, second/);
  });
});

describe("a navbar item that fails to render", () => {
  it("names its config", () => {
    const item = { type: "link", label: "No href" } as unknown as NavbarItemConfig;
    let message = "";
    try {
      renderToString(withSite(h("ul", null, h(NavbarItem, { item, pathname: "/guide" }))));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("A navbar item could not be rendered");
    expect(message).toContain(JSON.stringify(item));
  });

  it("resolves a doc item from its section's manifest when the build left no href", () => {
    const item: NavbarItemConfig = { type: "doc", docId: "second", label: "Second" };
    expect(renderToString(withSite(h("ul", null, h(NavbarItem, { item, pathname: "/guide" }))))).toContain('href="/guide/second"');
  });
});

describe("a page module with no default export", () => {
  it("fails with an error naming the route and the rule", () => {
    const store = storeWith([guideManifest, pagesManifest], { [docRoute("/guide").chunk]: { default: undefined } });
    expect(() => renderRoute("/guide", themeConfig(), assets, store)).toThrow(/page module for \/guide .* has no default export/);
  });
});

describe("the preferred docs version", () => {
  it("is cleared to null when it names no version of the plugin", () => {
    const { storage, backing } = memoryStorage();
    backing.set(`${PREFERRED_VERSION_STORAGE_PREFIX}default`, "9.9");
    let read: string | null | undefined;
    function Reader() {
      read = useDocsPreferredVersion().read(guideManifest);
      return null;
    }
    renderToString(h(SiteContext.Provider, { value: siteValue(undefined, storage) }, h(DocsPreferredVersionProvider, null, h(Reader))));
    expect(read).toBeNull();
    expect(backing.has(`${PREFERRED_VERSION_STORAGE_PREFIX}default`)).toBe(false);
  });

  it("is kept when it names a version", () => {
    const { storage, backing } = memoryStorage();
    backing.set(`${PREFERRED_VERSION_STORAGE_PREFIX}default`, "current");
    let read: string | null | undefined;
    function Reader() {
      read = useDocsPreferredVersion().read(guideManifest);
      return null;
    }
    renderToString(h(SiteContext.Provider, { value: siteValue(undefined, storage) }, h(DocsPreferredVersionProvider, null, h(Reader))));
    expect(read).toBe("current");
  });
});

describe("unavailable browser storage", () => {
  it("warns once and the whole site still renders (storage acts as empty)", () => {
    const warn = vi.fn();
    const storage = createSafeStorage(() => {
      throw new Error("SecurityError: access denied");
    }, warn);
    const html = renderToString(withSite(h(DocsPreferredVersionProvider, null, h(DocPage, { route: docRoute("/guide"), manifest: guideManifest, page: page() })), siteValue(undefined, storage)));
    expect(html).toContain("Page body");
    expect(storage.get("theme")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

// ---------------------------------------------------------------- screens rendered on the server

describe("server-rendered chrome", () => {
  const store = () => storeWith([guideManifest, pagesManifest], { [docRoute("/guide").chunk]: page(), [docRoute("/guide/second").chunk]: page(), "/assets/home.js": page(() => h("h1", null, "Home")) });

  it("renders the chrome in order: skip link first, then announcement, navbar, main and footer", () => {
    const config = themeConfig({ announcementBar: { id: "wip", content: "Work in progress", isCloseable: false } });
    const { html } = renderRoute("/guide", config, assets, store());
    const order = ["skip-to-content", "announcement-bar", 'aria-label="Main"', 'id="main-content"', '<footer class="footer"'].map((marker) => html.indexOf(marker));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toMatch(/<a class="skip-to-content" href="#main-content">Skip to main content<\/a>/);
    expect(html).not.toContain("Close announcement");
  });

  it("offers a close button on a closeable announcement bar", () => {
    const config = themeConfig({ announcementBar: { id: "wip", content: "Closeable", isCloseable: true } });
    expect(renderRoute("/guide", config, assets, store()).html).toContain('aria-label="Close announcement"');
  });

  it("labels the landmarks of a docs page", () => {
    const { html } = renderRoute("/guide/second", themeConfig(), assets, store());
    for (const label of ["Main", "Docs sidebar", "Breadcrumbs", "Docs pages"]) expect(html).toContain(`aria-label="${label}"`);
  });

  it("renders the mobile menu toggle only when there are navbar items", () => {
    expect(renderRoute("/guide", themeConfig(), assets, store()).html).toContain('aria-label="Open navigation menu"');
    const empty = themeConfig({ navbar: { title: "Fixture", hideOnScroll: false, items: [] } });
    expect(renderRoute("/guide", empty, assets, store()).html).not.toContain('aria-label="Open navigation menu"');
  });

  it("puts items on the left unless they ask for the right", () => {
    const config = themeConfig({
      navbar: {
        title: "Fixture",
        hideOnScroll: false,
        items: [
          { type: "link", label: "Right link", href: "https://example.org", position: "right" },
          { type: "doc", docId: "index", label: "Left doc", href: "/guide" },
        ],
      },
    });
    const { html } = renderRoute("/guide", config, assets, store());
    const left = html.slice(html.indexOf("navbar__items--left"), html.indexOf("navbar__items--right"));
    expect(left).toContain("Left doc");
    expect(left).not.toContain("Right link");
    expect(html.slice(html.indexOf("navbar__items--right"))).toContain("Right link");
  });

  it("renders the not-found page for unknown paths with status 404", () => {
    const result = renderRoute("/guide/nope", themeConfig(), assets, store());
    expect(result.status).toBe(404);
    expect(result.html).toContain("Page not found");
  });

  it("hides the colour-mode toggle when the switch is disabled", () => {
    const config = themeConfig({ colorMode: { defaultMode: "light", disableSwitch: true, respectPrefersColorScheme: false } });
    expect(renderRoute("/guide", config, assets, store()).html).not.toContain("color-mode-toggle");
    expect(renderRoute("/guide", themeConfig(), assets, store()).html).toContain("Switch between dark and light mode (currently light mode)");
  });
});

describe("the crash page", () => {
  it("shows the message, each cause, and a Try again button", () => {
    const error = new Error("Rendering failed", { cause: new Error("Middle cause", { cause: new Error("Root cause") }) });
    const html = renderToString(withSite(h(CrashPage, { error, onTryAgain: () => undefined })));
    expect(html).toContain("This page crashed.");
    expect(html).toContain("Rendering failed");
    expect(html).toContain("Middle cause");
    expect(html).toContain("Root cause");
    expect(html).toContain("Try again");
  });

  it("stops at a cycle of causes", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(causeChain(a).map((error) => error.message)).toEqual(["a", "b"]);
  });
});

// ---------------------------------------------------------------- state logic

describe("hide-on-scroll navbar", () => {
  it("hides on scroll down, shows on scroll up, and always shows near the top", () => {
    let state = initialHideOnScroll(0);
    state = afterScroll(state, 30, 60);
    expect(state.hidden).toBe(false);
    state = afterScroll(state, 400, 60);
    expect(state.hidden).toBe(true);
    state = afterScroll(state, 350, 60);
    expect(state.hidden).toBe(false);
    state = afterScroll(state, 500, 60);
    expect(state.hidden).toBe(true);
    state = afterScroll(state, 10, 60);
    expect(state.hidden).toBe(false);
  });

  it("hides on a jump to an anchor, even a jump upwards", () => {
    let state = afterScroll(initialHideOnScroll(0), 900, 60);
    state = afterScroll(state, 800, 60);
    expect(state.hidden).toBe(false);
    // hashchange arrives before the jump's scroll event …
    state = afterAnchorJump(state, 300);
    expect(state.hidden).toBe(true);
    state = afterScroll(state, 300, 60);
    expect(state.hidden).toBe(true);
    // … or after it.
    state = afterScroll(state, 200, 60);
    state = afterScroll(state, 100, 60);
    state = afterAnchorJump(state, 100);
    expect(state.hidden).toBe(true);
    expect(state.jumped).toBe(false);
  });
});

describe("active table-of-contents heading", () => {
  const headings = [
    { id: "a", top: -500 },
    { id: "b", top: 40 },
    { id: "c", top: 300 },
    { id: "d", top: 700 },
  ];
  it("is the last heading above the reading line", () => {
    expect(activeHeadingId(headings, 80, 800, false)).toBe("b");
    expect(activeHeadingId(headings, 20, 800, false)).toBe("a");
  });
  it("is the first heading before any was passed, and nothing without headings", () => {
    expect(activeHeadingId([{ id: "x", top: 500 }], 80, 800, false)).toBe("x");
    expect(activeHeadingId([], 80, 800, false)).toBeUndefined();
  });
  it("is the last visible heading at the bottom of the page", () => {
    expect(activeHeadingId(headings, 80, 800, true)).toBe("d");
  });
});

describe("navigation after preload", () => {
  const bar = { started: 0, finished: 0 };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    bar.started = 0;
    bar.finished = 0;
    vi.doMock("../../src/client/progressBar", () => ({
      startProgressBar: () => {
        bar.started++;
        return () => void bar.finished++;
      },
    }));
  });
  afterEach(() => {
    vi.doUnmock("../../src/client/progressBar");
    vi.useRealTimers();
    vi.resetModules();
  });

  it("changes the address only once the page is loaded, and completes the bar when the route has rendered", async () => {
    const { navigateAfterPreload, completeNavigation } = await import("../../src/client/navigation");
    let resolve!: () => void;
    const store = { preload: () => new Promise((done) => (resolve = () => done({ status: "ready", route: { path: "/guide/second" } }))) } as unknown as RouteStore;
    const go = vi.fn();
    const done = navigateAfterPreload(store, "/guide/second/#part", "/guide", { go, fullLoad: vi.fn() });
    expect(bar.started).toBe(1);
    expect(go).not.toHaveBeenCalled();
    resolve();
    await done;
    expect(go).toHaveBeenCalledWith("/guide/second#part");
    expect(bar.finished).toBe(0);
    completeNavigation();
    expect(bar.finished).toBe(1);
  });

  it("does not start the bar for the same path (case and trailing slash ignored)", async () => {
    const { navigateAfterPreload } = await import("../../src/client/navigation");
    const go = vi.fn();
    await navigateAfterPreload({ preload: vi.fn() } as unknown as RouteStore, "/Guide/#x", "/guide", { go, fullLoad: vi.fn() });
    expect(go).toHaveBeenCalledWith("/Guide/#x");
    expect(bar.started).toBe(0);
  });

  it("warns and loads the address in full when the preload fails", async () => {
    const { navigateAfterPreload } = await import("../../src/client/navigation");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const assign = vi.fn();
    const go = vi.fn();
    await navigateAfterPreload({ preload: () => Promise.reject(new Error("chunk 404")) } as unknown as RouteStore, "/guide/second", "/guide", { go, fullLoad: assign });
    expect(go).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith("/guide/second");
    expect(warn.mock.calls[0][0]).toMatch(/Could not load \/guide\/second .*chunk 404.*reloading/);
    expect(bar.finished).toBe(1);
    warn.mockRestore();
  });

  it("drops a navigation overtaken by a newer one", async () => {
    const { navigateAfterPreload } = await import("../../src/client/navigation");
    const resolvers: (() => void)[] = [];
    const store = { preload: () => new Promise((done) => resolvers.push(() => done({ status: "not-found" }))) } as unknown as RouteStore;
    const go = vi.fn();
    const slow = navigateAfterPreload(store, "/guide/slow", "/guide", { go, fullLoad: vi.fn() });
    const fast = navigateAfterPreload(store, "/guide/fast", "/guide", { go, fullLoad: vi.fn() });
    resolvers[1]();
    await fast;
    resolvers[0]();
    await slow;
    expect(go.mock.calls).toEqual([["/guide/fast"]]);
  });
});
