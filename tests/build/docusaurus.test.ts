import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildSite, type BuildResult } from "../../src/node/build/build";
import { copyFixture } from "./support";
import { installDocusaurusStandIns } from "./docusaurusStandIns";

/** The article of a built page (card lists nest <article>s in it), whitespace collapsed. */
function article(html: string): string {
  const start = html.indexOf('<article class="markdown">');
  return html.slice(start, html.lastIndexOf("</article>") + "</article>".length).replace(/\s+/g, " ");
}

describe("building an unchanged Docusaurus 3 site (tests/fixtures/docusaurus-classic)", () => {
  const site = copyFixture("docusaurus-classic");
  let result: BuildResult;
  const consoleWarnings: string[] = [];
  const out = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");

  beforeAll(async () => {
    installDocusaurusStandIns(site);
    const warn = vi.spyOn(console, "warn").mockImplementation((message: unknown) => void consoleWarnings.push(String(message)));
    try {
      result = await buildSite({ siteDir: site.dir, onWarning: () => undefined });
    } finally {
      warn.mockRestore();
    }
  }, 120_000);
  afterAll(() => site.remove());

  it("builds every doc, the generated index page and nothing from a landing page of ours", () => {
    expect(result.routes.sort()).toEqual([
      "/",
      "/guides",
      "/guides/advanced/deep-dive",
      "/guides/filtering",
      "/reference",
      "/reference-overview",
      "/reference/api",
      "/reference/config",
      "/reference/examples",
      "/search",
      "/sorting-widgets",
    ]);
  });

  it("renders the pages with the theme's React Router, not the version 5 the site has installed", () => {
    expect(result.routes).toContain("/guides/filtering");
    expect(article(out("guides/filtering/index.html"))).toContain('<a href="/guides">Guides home</a>');
  });

  it("renders and bundles every page with the theme's React, not the React 18 the site has installed", () => {
    expect(article(out("sorting-widgets/index.html"))).toContain("help@widgets.example.com");
    const assets = path.join(site.dir, "build/assets");
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(readFileSync(path.join(assets, file), "utf8")).not.toContain("the site's React 18");
  });

  it("says once which config options it ignores, naming each, and nothing it follows", () => {
    const warnings = consoleWarnings.filter((warning) => warning.includes("not supported"));
    expect(warnings).toHaveLength(1);
    const named = warnings[0].slice(warnings[0].indexOf("ignored: ") + "ignored: ".length).split("; ");
    expect(named).toEqual(["themeConfig.image", "themeConfig.footer.style"]);
  });

  it("follows breadcrumbs: false and hands customFields to the site's components", () => {
    const sorting = out("sorting-widgets/index.html");
    expect(sorting).not.toContain('aria-label="Breadcrumbs"');
    expect(article(sorting)).toContain('Write to <a href="mailto:help@widgets.example.com">help@widgets.example.com</a> when');
  });

  it("writes relative links as the absolute routes Docusaurus resolves them to", () => {
    const guides = article(out("guides/index.html"));
    // guides/index.md is an index doc: its URL ends in "/", so ./filtering is /guides/filtering and .. is /.
    expect(guides).toContain('<a href="/guides/filtering">Filtering</a>');
    expect(guides).toContain('<a href="/">Back to the intro</a>');
    expect(guides).toContain('<a href="/guides/advanced/deep-dive#setup">Deep dive</a>');
    const filtering = article(out("guides/filtering/index.html"));
    expect(filtering).toContain('<a href="/guides">Guides home</a>');
    expect(filtering).toContain('<a href="/reference/config#options">Config with anchor</a>');
  });

  it("emits a linked PDF as a file and keeps pathname:// links as plain paths", () => {
    const intro = article(out("index.html"));
    const pdf = /href="(\/assets\/spec-[^"]+\.pdf)" target="_blank"/.exec(intro)?.[1];
    expect(pdf).toBeDefined();
    expect(existsSync(path.join(site.dir, "build", pdf!))).toBe(true);
    expect(intro).toContain('href="/files/manual.pdf" target="_blank"');
  });

  it("renders sidebar html items, className and the generated-index link", () => {
    const html = out("guides/filtering/index.html");
    expect(html).toContain('<li class="menu__item menu__html menu__html--default-style sidebar-heading"><b>Guides</b></li>');
    // The Reference category is collapsed here; on its own page its items show.
    expect(out("reference/api/index.html")).toContain('<li class="menu__item api-item"><a href="/reference/api"');
    expect(html).toMatch(/<a href="\/reference-overview" class="menu__link menu__link--category">Reference<\/a>/);
    const index = article(out("reference-overview/index.html"));
    expect(index).toContain("<h1>Reference overview</h1>");
    expect(index).toContain("<p>Every API of Widget Kit.</p>");
    expect(index).toContain('<a href="/reference/api" class="doc-card">');
    expect(index).toContain('<a href="/reference/examples" class="doc-card">');
  });

  it("renders DocCardList on a category's doc page with that category's items", () => {
    expect(article(out("reference/index.html"))).toContain('<a href="/reference/config" class="doc-card">');
  });

  it("runs the site's MDX: swizzled MDXComponents globals, CSS modules, raw-loader, SVG components, TOCInline, mermaid", () => {
    const page = article(out("reference/examples/index.html"));
    expect(page).toMatch(/<span class="[\w-]*highlight[\w-]*" style="background-color:#25c2a0">highlighted<\/span>/);
    expect(page).toContain("export function makeWidget(size) {");
    expect(page).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 64 64" class="widget-logo" role="img"/);
    expect(page).toContain('<div class="toc-inline"><ul><li><a href="#from-a-file">From a file</a></li>');
    expect(page).toContain('<pre class="docusaurus-mermaid-container mermaid">graph TD; A--&gt;B;</pre>');
    expect(page).toContain('<summary class="details__summary">More</summary>');
  });

  it("renders navbar and footer html items as the site wrote them, and icon links with their class and label", () => {
    const html = out("guides/filtering/index.html");
    // Docusaurus' HtmlNavbarItem, NavbarNavLink with `html` and footer ColumnLinkItem.
    expect(html).toContain('<li class="navbar__item"><span class="version-badge">v2.4</span></li>');
    expect(html).toMatch(/<a href="https:\/\/discord.gg\/widget-kit" target="_blank" rel="noopener noreferrer" class="navbar__link"><img src="\/img\/discord.svg" alt="" width="20" height="20"> Chat<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/github.com\/widget-co\/widget-kit" target="_blank" rel="noopener noreferrer" class="navbar__link header-github-link" aria-label="GitHub repository"><\/a>/);
    expect(html).toMatch(/<li class="footer__item"><a href="https:\/\/www.netlify.com" target="_blank" rel="noreferrer noopener" aria-label="Deploys by Netlify">\s*<img src="\/img\/netlify-badge.svg"/);
  });

  it("loads Mermaid code only on pages with a diagram, and the mermaid library only when a diagram is drawn", () => {
    // The scripts a page loads before it runs (entry and module preloads), joined.
    const scriptsOf = (page: string) => [...out(page).matchAll(/<(?:link rel="modulepreload" href|script type="module" src)="\/(assets\/[^"]+\.js)"/g)].map((match) => out(match[1])).join("\n");
    const withoutChart = scriptsOf("guides/filtering/index.html");
    const withChart = scriptsOf("reference/examples/index.html");
    // Pages without a chart load nothing of it: not the component, not the library.
    expect(withoutChart.includes("docusaurus-mermaid-container"), "a page without a chart loads the Mermaid component").toBe(false);
    expect(withChart.includes("docusaurus-mermaid-container"), "the page with a chart lacks the Mermaid component").toBe(true);
    // The library is its own chunk, fetched by the component's effect, never preloaded.
    expect(withChart.includes("MERMAID_STAND_IN"), "the mermaid library is preloaded").toBe(false);
    const assets = readdirSync(path.join(site.dir, "build/assets")).filter((name) => name.endsWith(".js"));
    expect(assets.filter((name) => out(`assets/${name}`).includes("MERMAID_STAND_IN"))).toHaveLength(1);
  });

  it("puts a page's @docusaurus/Head children in its head: the title as written, our description replaced, other tags added once", () => {
    const html = out("reference/config/index.html");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Widget Kit configuration reference</title>");
    expect(head).toContain('<meta name="description" content="Every option widget.config.js accepts, with its default.">');
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta property="og:image" content="https://widgets.example.com/img/config-card.png" data-page-head="">');
    expect(head).toContain('<link rel="preconnect" href="https://fonts.example.com" crossorigin="anonymous" data-page-head="">');
    // The article shows nothing of it; other pages keep their own head.
    expect(article(html)).not.toContain("preconnect");
    expect(out("reference/api/index.html")).not.toContain("og:image");
  });

  it("turns ```bash npm2yarn blocks into npm, Yarn, pnpm and Bun tabs, as the site's npm2yarn remark plugin does", () => {
    const intro = article(out("index.html"));
    const tabLabels = [...intro.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(tabLabels).toEqual(["npm", "Yarn", "pnpm", "Bun", "npm", "Yarn", "pnpm", "Bun"]);
    const text = intro.replace(/<[^>]+>/g, "");
    for (const command of ["npm install --save widget-kit", "yarn add widget-kit", "pnpm add widget-kit", "bun add widget-kit", "yarn start --port 3001", "pnpm run start -- --port 3001", "bun run start --port 3001"]) {
      expect(text).toContain(command);
    }
    // A block with other meta stays one code block.
    expect(text).toContain("npx widget-kit --version");
    expect(text).not.toContain("yarn dlx widget-kit");
  });

  it("loads customCss after our styles, with Infima's variables defined", () => {
    const css = readdirSync(path.join(site.dir, "build/assets")).filter((name) => name.endsWith(".css")).map((name) => out(`assets/${name}`)).join("\n");
    expect(css).toContain("--ifm-color-primary:#2e8555");
    expect(css).toMatch(/--ifm-code-font-size:\s*90%/);
  });
});
