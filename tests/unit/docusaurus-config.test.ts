import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translateDocusaurusConfig } from "../../src/node/config/docusaurus";
import { loadSiteConfig } from "../../src/node/config/load";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/docusaurus-classic");

describe("reading docusaurus.config.js", () => {
  it("loads an unchanged Docusaurus 3 config (ESM, prism-react-renderer not installed) into our site config", async () => {
    const warnings: string[] = [];
    const config = await loadSiteConfig(FIXTURE, (message) => warnings.push(message));
    expect(config).toMatchObject({ title: "Widget Kit", url: "https://widgets.example.com", baseUrl: "/", organizationName: "widget-co" });
    expect(config.docs).toEqual([
      { id: "default", path: "docs", routeBasePath: "/", sidebarPath: "sidebars.js", label: "Docs", editUrl: "https://github.com/widget-co/widget-kit/tree/main/", breadcrumbs: false },
    ]);
    expect(config.prism).toEqual({ theme: "github", darkTheme: "dracula", additionalLanguages: ["bash"] });
    // Logos resolve against baseUrl, as useBaseUrl does. https://docusaurus.io/docs/api/themes/configuration#navbar-logo
    expect(config.navbar.logo).toMatchObject({ src: "/img/logo.svg" });
    expect(config.navbar.items).toEqual([
      { type: "doc", docId: "intro", docsPluginId: undefined, label: "Tutorial", position: "left" },
      { type: "link", href: "/reference/api", label: "API", position: "left" },
      // https://docusaurus.io/docs/api/themes/configuration#navbar-with-custom-html
      { type: "html", value: '<span class="version-badge">v2.4</span>', position: "right" },
      { type: "link", href: "https://discord.gg/widget-kit", label: "", html: '<img src="/img/discord.svg" alt="" width="20" height="20"> Chat', position: "right" },
      { type: "link", href: "https://github.com/widget-co/widget-kit", label: "", className: "header-github-link", ariaLabel: "GitHub repository", position: "right" },
    ]);
    expect(config.footer.columns).toEqual([
      { title: "Docs", items: [{ label: "Tutorial", href: "/" }] },
      { title: "More", items: [{ label: "GitHub", href: "https://github.com/widget-co/widget-kit" }, { html: expect.stringContaining('<img src="/img/netlify-badge.svg"') }] },
    ]);
    expect(config.docusaurus?.customCss).toEqual([path.join(FIXTURE, "src/css/custom.css")]);
    expect(config.docusaurus?.showLastUpdateTime).toBe(true);
    // The npm2yarn remark plugin (not installed in the fixture) is our own feature, not a plugin to run.
    expect(config.docusaurus?.npm2yarn).toEqual({ sync: true, converters: ["yarn", "pnpm", "bun"] });
    expect(config.docusaurus?.remarkPlugins).toEqual([]);
  });

  it("reads require('@docusaurus/remark-plugin-npm2yarn') in a CommonJS config, and names the converters it cannot run", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "npm2yarn-config-"));
    try {
      writeFileSync(
        path.join(dir, "docusaurus.config.js"),
        `module.exports = {
  title: 'T',
  url: 'https://t.example',
  presets: [['classic', {docs: {remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), {sync: false, converters: ['pnpm', ['Turbo', (code) => code.replace(/npm/g, 'turbo')]]}]]}}]],
};
`,
      );
      const warnings: string[] = [];
      const config = await loadSiteConfig(dir, (message) => warnings.push(message));
      expect(config.docusaurus?.npm2yarn).toEqual({ sync: false, converters: ["pnpm"] });
      expect(warnings).toEqual([expect.stringContaining('presets.classic.docs.remarkPlugins: npm2yarn converter "Turbo" (a custom converter function)')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists every unsupported option in one warning instead of dropping it silently", async () => {
    const { unsupported } = await translateDocusaurusConfig(
      {
        title: "T",
        url: "https://t.example",
        noIndex: true,
        titleDelimiter: "·",
        presets: [["classic", { docs: { sidebarPath: false, lastVersion: "current", numberPrefixParser: false, breadcrumbs: false }, blog: { showReadingTime: true }, sitemap: { changefreq: "weekly" } }]],
        plugins: ["@docusaurus/plugin-ideal-image"],
        themeConfig: {
          navbar: { style: "dark", items: [{ type: "localeDropdown" }, { to: "/a", label: "A", activeBaseRegex: "^/a" }] },
          footer: { links: [{ title: "T", items: [{ label: "No target" }] }] },
          docs: { sidebar: { hideable: true } },
          zoom: {},
        },
        scripts: ["x.js"],
      },
      FIXTURE,
      "docusaurus.config.js",
    );
    expect(unsupported).toEqual([
      "scripts",
      "noIndex: true (pages are written without a robots noindex)",
      'titleDelimiter "·" (titles use "|")',
      "presets.classic.docs.lastVersion",
      "presets.classic.docs.numberPrefixParser (number prefixes are always stripped from file and folder names)",
      "presets.classic.blog (the blog)",
      "presets.classic.sitemap",
      "plugins[0] (ideal-image)",
      "themeConfig.zoom",
      "themeConfig.docs.sidebar",
      "themeConfig.navbar.style",
      'themeConfig.navbar.items[0]: navbar item type "localeDropdown"',
      "themeConfig.navbar.items[1].activeBaseRegex",
      'themeConfig.footer.links[0].items[0]: a footer item without "to", "href" or "html"',
    ]);
  });

  it("uses Docusaurus' defaults: docs in docs/ served under /docs, autogenerated sidebar", async () => {
    const { input } = await translateDocusaurusConfig({ title: "T", url: "https://t.example", presets: ["@docusaurus/preset-classic"] }, FIXTURE, "docusaurus.config.js");
    expect(input.docs).toEqual([{ id: "default", path: "docs", routeBasePath: "/docs", sidebarPath: undefined, label: "Docs", editUrl: undefined }]);
  });
});
