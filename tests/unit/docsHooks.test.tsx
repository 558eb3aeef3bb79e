import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RouteIndex, ThemeConfig } from "../../src/core/types";
import { DocsVersionContext } from "../../src/client/contexts/DocsContext";
import { SiteContext, type SiteContextValue } from "../../src/client/contexts/SiteContext";
import { useActivePlugin, useDocsData } from "../../src/theme/docusaurus/plugin-content-docs/client";

const version = { name: "current", label: "Next", isLast: true, path: "/guide", mainDocId: "index", draftIds: [], sidebars: {} };
const manifest: RouteIndex = { pluginId: "guide", label: "Guide", routeBasePath: "/guide", versions: [version], chunks: [] };
const site = {
  config: { sections: [{ pluginId: "default", label: "Docs", routeBasePath: "/docs" }, { pluginId: "guide", label: "Guide", routeBasePath: "/guide" }] } as unknown as ThemeConfig,
} as SiteContextValue;

function ActivePlugin() {
  return h("span", null, useActivePlugin().pluginId);
}
function DocsData({ pluginId }: { pluginId?: string }) {
  return h("span", null, useDocsData(pluginId).label);
}

describe("docs route context and plugin hooks", () => {
  it("give the current docs page's plugin", () => {
    expect(renderToString(h(DocsVersionContext.Provider, { value: { manifest, version } }, h(ActivePlugin)))).toContain("guide");
  });

  it("fail clearly with no parent docs route context", () => {
    expect(() => renderToString(h(ActivePlugin))).toThrow(/No parent docs route context/);
  });

  it("fail clearly when the route context lacks its plugin attribute", () => {
    const broken = { manifest: { ...manifest, pluginId: "" }, version };
    expect(() => renderToString(h(DocsVersionContext.Provider, { value: broken }, h(ActivePlugin)))).toThrow(/no plugin attribute/);
  });

  it("find an enabled docs plugin and fail, listing the enabled ones, for any other", () => {
    expect(renderToString(h(SiteContext.Provider, { value: site }, h(DocsData, { pluginId: "guide" })))).toContain("Guide");
    expect(renderToString(h(SiteContext.Provider, { value: site }, h(DocsData)))).toContain("Docs");
    expect(() => renderToString(h(SiteContext.Provider, { value: site }, h(DocsData, { pluginId: "blog" })))).toThrow(
      'The docs plugin "blog" is not enabled: site.config.ts has no docs instance with that id. Enabled docs plugins: default, guide',
    );
  });
});
