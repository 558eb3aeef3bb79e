import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../../src/node/build/build";
import { prismThemes } from "../../src/node/markdown/prismThemes";
import { copyFixture } from "./support";

/** Builds tests/fixtures/markdown (one page per authoring feature) and reads what it wrote. */
describe("building the Markdown feature fixture", () => {
  const site = copyFixture("markdown");
  let result: BuildResult;
  const out = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  const article = (route: string) => {
    const html = out(`${route.replace(/^\//, "")}/index.html`);
    return /<article class="markdown">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? "";
  };
  const assets = () => readdirSync(path.join(site.dir, "build/assets"));

  beforeAll(async () => {
    result = await buildSite({ siteDir: site.dir });
  });
  afterAll(() => site.remove());

  it("builds every feature page without a warning", () => {
    expect(result.routes.sort()).toEqual(["/", "/guide", "/guide/admonitions", "/guide/code", "/guide/details", "/guide/markdown", "/guide/mdx", "/guide/tabs", "/guide/tabs-again", "/search"]);
    expect(result.warnings).toEqual([]);
  });

  describe("admonitions", () => {
    it("renders each type as a labelled note with an icon and its title", () => {
      const html = article("/guide/admonitions");
      const labels = { note: "Note", tip: "Tip", info: "Info", warning: "Warning", danger: "Danger", caution: "Caution", important: "Important" };
      for (const [type, label] of Object.entries(labels)) {
        expect(html).toContain(`<aside class="admonition admonition--${type}" role="note" aria-label="${label}">`);
      }
      expect(html).toContain('<span class="admonition__title">Label title</span>');
      expect(html).toContain('<span class="admonition__title">Older title form</span>');
      expect(html).toContain('<span class="admonition__title">Title with <code>code</code></span>');
      expect(html.match(/<svg class="admonition-icon"[^>]*aria-hidden="true"/g)?.length).toBeGreaterThanOrEqual(9);
    });

    it("nests admonitions and renders Markdown inside them", () => {
      const html = article("/guide/admonitions");
      expect(html).toMatch(/<span class="admonition__title">Outer<\/span><\/div><div class="admonition__content"><p>Outer text.<\/p>\s*<aside class="admonition admonition--tip"[^>]*>.*?Inner<\/span>/s);
      expect(html).toContain("A plain note with <strong>bold</strong> text and a <a href=\"/guide/code\">link</a>.");
      expect(html).toMatch(/<div class="admonition__content"><ul>\s*<li>a list<\/li>/);
      expect(html).toMatch(/<li>inside<\/li>\s*<\/ul>\s*<div class="code-block" data-language="js">/);
    });

    it("drops HTML comments and keeps prose colons", () => {
      const html = out("guide/admonitions/index.html");
      expect(html).not.toContain("SECRET-HTML-COMMENT");
      expect(article("/guide/admonitions")).toContain("Prose with colons stays intact: meet at 10:30, see:this and a:b.");
    });
  });

  describe("code blocks", () => {
    it("highlights at build time and ships no highlighter", () => {
      const html = article("/guide/code");
      expect(html).toContain('<span class="token keyword">export</span>');
      for (const file of assets().filter((name) => name.endsWith(".js"))) {
        expect(out(`assets/${file}`), file).not.toMatch(/Prism|languages\.extend|prismjs/);
      }
    });

    it("highlights every listed language", () => {
      const html = article("/guide/code");
      for (const language of ["js", "ts", "python", "sql", "bash", "diff", "json", "yaml", "graphql", "go", "rust", "tsx", "toml", "dockerfile", "ini"]) {
        const block = new RegExp(`<div class="code-block" data-language="${language}">(.*?)</code>`, "s").exec(html)?.[1];
        expect(block, language).toMatch(/<span class="token /);
      }
      expect(html).toContain('<span class="token deleted-sign deleted">');
      expect(html).toContain('<span class="token inserted-sign inserted">');
    });

    it("shows titles, highlighted lines, line numbers, and both buttons", () => {
      const html = article("/guide/code");
      expect(html).toContain('<div class="code-block__title">src/hello.js</div>');
      const highlighted = (language: string, index = 0) =>
        [...html.matchAll(new RegExp(`data-language="${language}">(.*?)</code>`, "gs"))][index][1]
          .split('<span class="code-block__line')
          .slice(1)
          .map((line) => line.startsWith(" code-block__line--highlighted"));
      expect(highlighted("ts")).toEqual([true, false, true, true, false]);
      expect(highlighted("js", 1)).toEqual([false, true, true, true, false]);
      expect(highlighted("python")).toEqual([false, true]);
      expect(highlighted("sql")).toEqual([false, true]);
      expect(html).not.toContain("highlight-next-line");
      expect(html).toContain('<div class="code-block code-block--line-numbers" data-language="js">');
      expect(html).toContain('style="counter-reset:code-block-line 4"');
      expect(html.match(/aria-label="Copy code to clipboard"/g)?.length).toBe(html.match(/class="code-block[ "]/g)?.length);
      expect(html).toContain('aria-label="Toggle word wrap" aria-pressed="false"');
    });

    it("captions output blocks and ignores the doc-test meta words", () => {
      const html = article("/guide/code");
      expect(html).toContain('<div class="code-block code-block--output" data-language="text"><div class="code-block__title">Output</div>');
      expect(html).toContain('<div class="code-block__title">stdout</div>');
      expect(html).toContain("console<span class=\"token punctuation\">.</span>");
      expect(html).not.toMatch(/doctest|env=NODE_ENV/);
    });

    it("escapes plain text", () => {
      expect(article("/guide/code")).toContain('plain &lt;text&gt; &amp; "quotes"');
    });

    it("puts the configured light and dark themes in the one stylesheet every page links", () => {
      // One sheet: a page reached client-side has no way to load a stylesheet of its own.
      const sheets = assets().filter((name) => name.endsWith(".css"));
      expect(sheets).toHaveLength(1);
      const themeCss = sheets[0]!;
      const css = out(`assets/${themeCss}`);
      expect(css).toMatch(/html:not\(\[data-theme=("?)dark\1\]\) \.code-block\{--code-block-color:#1f2328;--code-block-bg:#f6f8fa/);
      expect(css).toMatch(/html\[data-theme=("?)dark\1\] \.code-block\{--code-block-color:#f5f5ef;--code-block-bg:#2a2b37/);
      expect(css).toContain(prismThemes.dracula.lineHighlight);
      for (const page of ["guide/code/index.html", "guide/details/index.html"]) {
        expect(out(page).match(/<link rel="stylesheet" href="([^"]+)">/g)).toEqual([`<link rel="stylesheet" href="/assets/${themeCss}">`]);
      }
    });
  });

  describe("tabs", () => {
    it("puts every panel in the HTML, hiding all but the selected one", () => {
      const html = article("/guide/tabs");
      expect(html.match(/role="tablist"/g)).toHaveLength(4);
      expect(html.match(/role="tabpanel"/g)).toHaveLength(10);
      expect(html).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*>\s*<p>pnpm-panel-text<\/p>/);
      expect(html).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*>second-yarn/);
      expect(html).toMatch(/aria-selected="true"[^>]*>Python<\/button>/);
      expect(html).toMatch(/role="tabpanel"(?:(?!hidden)[^>])*>py-panel/);
      expect(html).toMatch(/role="tabpanel"(?:(?!hidden)[^>])*>default-b/);
      expect(html).toMatch(/<code class="code-block__code language-bash"[^>]*>.*npm/s);
    });

    it("works without an import on another page", () => {
      expect(article("/guide/tabs-again")).toMatch(/role="tabpanel"(?:(?!hidden)[^>])*>other-page-npm/);
    });
  });

  it("renders details with a summary", () => {
    const html = article("/guide/details");
    expect(html).toContain('<details class="details"><summary class="details__summary">Show the answer</summary>');
    expect(html).toContain('<details open="" class="details details--expanded">');
  });

  describe("Markdown", () => {
    it("uses front matter title as the h1 when the page has none", () => {
      expect(article("/guide")).toMatch(/^<header><h1>Feature tour<\/h1><\/header>/);
      expect(article("/guide/markdown").match(/<h1/g)).toHaveLength(1);
    });

    it("gives headings explicit ids and anchor links", () => {
      expect(article("/guide/markdown")).toContain('<h2 id="custom-id">Title with custom id<a class="heading-anchor" href="#custom-id" aria-label="Direct link to Title with custom id">#</a></h2>');
    });

    it("renders tables, task lists, footnotes, reference links and hard breaks", () => {
      const html = article("/guide/markdown");
      expect(html).toContain('<th style="text-align:right">Value</th>');
      expect(html).toContain('<input type="checkbox" disabled="" aria-label="done task" checked=""/>');
      expect(html).toContain('href="#user-content-fn-1"');
      expect(html).toMatch(/<section data-footnotes="true"[^>]*>/);
      expect(html).toContain('<a href="https://example.com/reference" target="_blank" rel="noopener noreferrer">the reference</a>');
      expect(html).toContain('<a href="/guide/code">another</a>');
      expect(html.match(/<br\/>/g)).toHaveLength(2);
    });

    it("bundles relative images, sizes them and loads them lazily", () => {
      const html = article("/guide/markdown");
      const diagram = assets().find((name) => /^diagram-.*\.png$/.test(name));
      expect(diagram).toBeDefined();
      expect(html).toContain(`<img loading="lazy" decoding="async" src="/assets/${diagram}" alt="A diagram" title="Diagram title" width="48" height="32"/>`);
      expect(html).toMatch(/<img loading="lazy" decoding="async" src="data:image\/svg\+xml,[^"]+" alt="A shape" width="120" height="80"\/>/);
      expect(html).toContain('<img loading="lazy" decoding="async" src="/img/banner.png" alt="A banner" width="60" height="12"/>');
    });

    it("resolves Markdown links and anchors, and opens external links safely", () => {
      const html = article("/guide");
      expect(html).toContain('<a href="/guide/code#line-highlighting">code blocks</a>');
      expect(html).toContain('<a href="/guide/markdown#custom-id">');
      expect(html).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">external link</a>');
    });
  });

  describe("MDX", () => {
    it("imports local components, CSS modules and @site paths; runs exports", () => {
      const html = article("/guide/mdx");
      expect(html).toMatch(/<p class="[A-Za-z0-9_-]+_greeting">Hello, <!-- -->reader<!-- -->, from a site component.<\/p>/);
      expect(html).toMatch(/<div class="[A-Za-z0-9_-]+_box">styled-by-module<\/div>/);
      expect(html).toContain('<strong class="shout">exported component<!-- -->!</strong>');
      expect(html).toContain('<span class="local-badge">local-badge</span>');
      expect(html).not.toContain("SECRET-MDX-COMMENT");
    });

    it("resolves the Docusaurus modules authors import", () => {
      const html = article("/guide/mdx");
      expect(html).toContain('<span class="site-title">Markdown fixture</span>');
      expect(html).toContain('<span class="base-url">/img/banner.png</span>');
      expect(html).toContain('<a href="/guide/code">internal-link</a>');
      expect(html).toContain('<a href="https://example.com/away" target="_blank" rel="noopener noreferrer">external-link</a>');
      expect(html).toContain("<span>server-fallback</span>");
      expect(html).not.toContain("in-the-browser");
      expect(html).toMatch(/<div class="code-block__title">from-jsx.ts<\/div>.*<span class="token keyword">const<\/span> fromJsx/s);
      expect(html).toContain('<span class="admonition__title">Imported admonition</span>');
      expect(html).toContain('<summary class="details__summary">Imported details</summary>');
    });
  });
});

describe("bad Markdown input", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());

  it("warns with file:line about unknown admonitions, unclosed containers, bad code meta, unknown languages and broken anchors", async () => {
    site.write(
      "docs/guide/bad.md",
      ["# Bad", "", ":::sidenote", "x", ":::", "", "```js {1,x}", "a", "```", "", "```klingon", "b", "```", "", "[nowhere](#nowhere) [gone](./code.md#gone)", "", ":::tip", "open"].join("\n"),
    );
    const warnings: string[] = [];
    const result = await buildSite({ siteDir: site.dir, onWarning: (warning) => warnings.push(warning) });
    const file = path.join(site.dir, "docs/guide/bad.md");
    expect(result.routes).toContain("/guide/bad");
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${file}:3: unknown admonition type ":::sidenote"`)),
        expect.stringMatching(new RegExp(`^${file}:17: ":::tip" is never closed`)),
        expect.stringMatching(new RegExp(`^${file}:7: malformed code-block meta: "x" in \\{1,x\\}`)),
        expect.stringMatching(new RegExp(`^${file}:11: unknown code language "klingon"`)),
        expect.stringMatching(new RegExp(`^${file}:15: broken anchor "#nowhere"`)),
        // Anchors in other pages are checked against the ids that page's compile found.
        "broken anchor: docs/guide/bad.md:15 (page /guide/bad) -> /guide/code#gone",
      ]),
    );
    site.remove();
  });

  it("fails the build naming file:line:column for an unknown component", async () => {
    const broken = copyFixture("markdown");
    try {
      broken.write("docs/guide/bad.mdx", "# Bad\n\nSome text.\n\n<NotImported value={1} />\n");
      const file = path.join(broken.dir, "docs/guide/bad.mdx");
      // The message names the place; Vite may put its own "Build failed" line in front.
      await expect(buildSite({ siteDir: broken.dir })).rejects.toThrow(`${file}:5:1: unknown component <NotImported>: import it, define it with export`);
    } finally {
      broken.remove();
    }
  });
});
