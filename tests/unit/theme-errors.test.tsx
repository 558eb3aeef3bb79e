import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PREFERRED_VERSION_STORAGE_PREFIX } from "../../src/core/constants";
import { createSafeStorage } from "../../src/core/storage";
import type { NavbarItem as NavbarItemConfig } from "../../src/core/types";
import { useColorMode } from "../../src/client/contexts/ColorModeContext";
import { useDocsSidebar, useDocsVersion } from "../../src/client/contexts/DocsContext";
import { useMobileMenu } from "../../src/client/contexts/MobileMenuContext";
import { SiteContext, useSite } from "../../src/client/contexts/SiteContext";
import { render as renderRoute } from "../../src/client/serverEntry";
import DocPage from "../../src/theme/DocPage/DocPage";
import DocsPreferredVersionProvider, { useDocsPreferredVersion } from "../../src/theme/DocsPreferredVersion/DocsPreferredVersionProvider";
import NavbarItem from "../../src/theme/Navbar/NavbarItem";
import { docRoute, guideManifest, pagesManifest, themeConfig, page, storeWith, memoryStorage, siteValue, withSite, assets, routeDataOf, version } from "./theme-fixtures";

// Errors a user or site author can meet (spec section 8).

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
    const broken = { ...guideManifest, routes: [docRoute("/guide", { sidebar: "noSuchSidebar" })] };
    expect(() => storeWith([broken], { "/assets/page-guide.js": page() }).resolve("/guide")).toThrow(/no sidebar named "noSuchSidebar".*Available sidebars: guideSidebar/);
  });

  it("names the doc of a navbar doc item the config left unresolved", () => {
    const item: NavbarItemConfig = { type: "doc", docId: "missing", docsPluginId: "default", label: "Broken" };
    expect(() => renderToString(withSite(h("ul", null, h(NavbarItem, { item, pathname: "/guide" }))))).toThrow(/names doc "missing" of docs plugin "default"/);
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
    const html = renderToString(withSite(h(DocsPreferredVersionProvider, null, h(DocPage, { route: docRoute("/guide"), manifest: routeDataOf(guideManifest).index, sidebar: version.sidebars.guideSidebar, page: page() })), siteValue(undefined, storage)));
    expect(html).toContain("Page body");
    expect(storage.get("theme")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
