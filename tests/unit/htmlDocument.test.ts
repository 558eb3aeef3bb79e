import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { ThemeConfig } from "../../src/core/types";
import { ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY } from "../../src/core/constants";
import { createHash } from "node:crypto";
import { contentSecurityPolicy } from "../../src/node/render/contentSecurityPolicy";
import { htmlDocument, scriptLiteral } from "../../src/node/render/htmlDocument";

const HOSTILE = `</script><script>window.pwned=1</script><!--\u2028`;

function config(overrides: Partial<ThemeConfig>): ThemeConfig {
  return {
    title: "T",
    tagline: "",
    url: "https://example.org",
    baseUrl: "/",
    favicon: "f.svg",
    organizationName: "",
    projectName: "",
    locale: { default: "en", config: { label: "English", direction: "ltr", htmlLang: "en", calendar: "gregory", path: "en" } },
    navbar: { title: "T", hideOnScroll: false, items: [] },
    footer: { columns: [], copyright: "" },
    colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: false },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    search: {},
    sections: [],
    ...overrides,
  };
}

function render(theme: ThemeConfig): string {
  return htmlDocument({
    config: theme,
    siteVersion: "1",
    head: { title: "x", description: "", canonical: "https://example.org/", keywords: [], lang: "en", noindex: false, route: "/" },
    appHtml: "",
    assets: { routeSections: [{ pluginId: "default", label: "Docs", routeBasePath: "/", manifest: HOSTILE }], siteVersion: "1" },
    cssFiles: [],
    entryScript: "/e.js",
    modulePreloads: [],
    dataPreloads: [],
  });
}

/** The bodies of the inline <script> elements, cut the way an HTML parser cuts them. */
const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]);

describe("inline scripts", () => {
  it("keep a config value holding </script> inside its string", () => {
    const html = render(config({ announcementBar: { id: HOSTILE, content: "hi", isCloseable: true }, baseUrl: HOSTILE }));
    expect(html).not.toContain("window.pwned=1</script>");
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(3);
    const storage = new Map([[ANNOUNCEMENT_ID_STORAGE_KEY, HOSTILE], [ANNOUNCEMENT_DISMISSED_STORAGE_KEY, "true"]]);
    const attributes = new Map<string, string>();
    const documentElement = { setAttribute: (name: string, value: string) => attributes.set(name, value) };
    // The announcement script must compare against the exact hostile id, so a reader who dismissed it is remembered.
    runInNewContext(scripts[0], { localStorage: { getItem: (key: string) => storage.get(key) ?? null }, document: { documentElement }, matchMedia: () => ({ matches: false }) });
    expect(attributes.get("data-announcement-dismissed")).toBe("true");
    expect(JSON.parse(scripts[2])).toEqual({ routeSections: [{ pluginId: "default", label: "Docs", routeBasePath: "/", manifest: HOSTILE }], siteVersion: "1" });
  });

  it("writes literals that parse back to the same value", () => {
    for (const value of [HOSTILE, "a&b>c", { nested: ["<!--", "\u2029"] }, 3, true]) {
      expect(JSON.parse(scriptLiteral(value))).toEqual(value);
      expect(scriptLiteral(value)).not.toMatch(/[<>\u2028\u2029]/);
    }
  });
});

describe("the Content-Security-Policy", () => {
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("allows by hash exactly the inline scripts a page runs, whatever its route", () => {
    const theme = config({ announcementBar: { id: "a", content: "hi", isCloseable: true } });
    const policy = contentSecurityPolicy(theme);
    const page = (route: string | null) =>
      htmlDocument({
        config: theme,
        siteVersion: "1",
        head: { title: "x", description: "", canonical: "https://example.org/", keywords: [], lang: "en", noindex: false, route },
        appHtml: "",
        assets: { routeSections: [], siteVersion: "1" },
        cssFiles: [],
        entryScript: "/e.js",
        modulePreloads: [],
        dataPreloads: [],
      });
    for (const route of ["/", "/docs/intro", null]) {
      const executed = inlineScripts(page(route)).slice(0, 2);
      expect(executed).toHaveLength(2);
      for (const script of executed) expect(policy).toContain(sha256(script));
    }
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/);
    expect(policy).toContain("style-src 'self';");
  });

  it("lets the announcement bar's configured colours through as the one style attribute", () => {
    expect(contentSecurityPolicy(config({ announcementBar: { id: "a", content: "hi", isCloseable: false, backgroundColor: "#000" } }))).toContain(
      "style-src 'self' 'unsafe-inline';",
    );
  });

  it("lets a site with Try it run WebAssembly, the edited code from blob: URLs and the editor's own styles, and no other site", () => {
    const plain = contentSecurityPolicy(config({}));
    expect(plain).not.toMatch(/wasm-unsafe-eval|blob:|unsafe-inline/);
    const withPlayground = contentSecurityPolicy(config({}), { playground: true });
    expect(withPlayground).toMatch(/script-src 'self'( 'sha256-[^']+'){2} 'wasm-unsafe-eval' blob:;/);
    expect(withPlayground).toContain("style-src 'self' 'unsafe-inline';");
  });
});
