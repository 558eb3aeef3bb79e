import { describe, expect, it } from "vitest";
import type { SiteConfigInput } from "../../src/node/config/types";
import { validateSiteConfig } from "../../src/node/config/validate";

const minimal = { title: "T", url: "https://example.org", docs: [{ id: "default", path: "docs", routeBasePath: "/docs", label: "Docs" }] };

/** The message for a config with one value replaced (deep keys as "a.b"). */
function errorFor(key: string, value: unknown): string {
  const config: Record<string, unknown> = structuredClone(minimal);
  const parts = key.split(".");
  let target = config;
  for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
  target[parts.at(-1)!] = value;
  try {
    validateSiteConfig(config as SiteConfigInput);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${key} = ${JSON.stringify(value)} to be rejected`);
}

describe("site config schema", () => {
  it("fills in every default", () => {
    const config = validateSiteConfig(minimal);
    expect(config.baseUrl).toBe("/");
    expect(config.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config.prism.additionalLanguages).toEqual([]);
    expect(config.navbar).toEqual({ title: "T", hideOnScroll: false, items: [] });
    expect(config.i18n.localeConfigs.en).toEqual({ label: "English", direction: "ltr", htmlLang: "en", calendar: "gregory", path: "en" });
    expect(config.colorMode).toEqual({ defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: false });
  });

  it("names the key path, what is expected and what was given", () => {
    expect(errorFor("tableOfContents.minHeadingLevel", "2")).toBe('site.config.ts: "tableOfContents.minHeadingLevel" must be a number (got "2")');
    expect(errorFor("prism.additionalLanguages", "diff")).toBe('site.config.ts: "prism.additionalLanguages" must be an array of strings (got "diff")');
    expect(errorFor("footer.columns", { title: "Docs" })).toMatch(/^site\.config\.ts: "footer\.columns" must be an array of \{ title, items \} columns/);
    expect(errorFor("footer.columns", [{ title: "Docs", items: "x" }])).toMatch(/^site\.config\.ts: "footer\.columns\[0\]\.items" must be an array/);
    expect(errorFor("navbar.items", [{ type: "doc", label: "x" }])).toMatch(/"navbar\.items\[0\]\.docId" must be a non-empty string \(got nothing\)/);
    expect(errorFor("colorMode.defaultMode", "blue")).toMatch(/"colorMode\.defaultMode" must be "light" or "dark" \(got "blue"\)/);
    expect(errorFor("announcementBar", { id: 3, content: "x" })).toMatch(/"announcementBar\.id" must be a non-empty string \(got 3\)/);
  });

  it("says how a baseUrl must look", () => {
    for (const baseUrl of ["docs/", "/docs", "docs"]) expect(errorFor("baseUrl", baseUrl)).toMatch(/"baseUrl" must start and end with "\/"/);
  });

  it("checks across keys: unique ids and bases, the default section, heading levels in order", () => {
    expect(errorFor("docs", [...minimal.docs, { id: "default", path: "b", routeBasePath: "/b", label: "B" }])).toMatch(/"docs\[1\]\.id" must be unique/);
    expect(errorFor("docs", [{ id: "other", path: "b", routeBasePath: "/b", label: "B" }])).toMatch(/"docs" must contain the default section/);
    expect(errorFor("tableOfContents", { minHeadingLevel: 4, maxHeadingLevel: 3 })).toMatch(/"tableOfContents" levels must satisfy/);
  });

  it("lists every problem at once", () => {
    const message = errorFor("tagline", 5).replace(/^/, "");
    expect(message).toContain('"tagline" must be a string (got 5)');
    expect(() => validateSiteConfig({ ...minimal, tagline: 5, favicon: false } as unknown as SiteConfigInput)).toThrow(/2 problems:\n {2}"tagline".*\n {2}"favicon"/);
  });

  it("refuses something that is not a config object", () => {
    expect(() => validateSiteConfig(undefined as unknown as SiteConfigInput)).toThrow(/site\.config\.ts: the default export must be the site configuration object/);
  });
});
