import { existsSync } from "node:fs";
import path from "node:path";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createSafeStorage } from "../../src/core/storage";
import type { ThemeConfig } from "../../src/core/types";
import { StaticRouter } from "../../src/client/router";
import { SiteContext, type SiteContextValue } from "../../src/client/contexts/SiteContext";
import { withBaseUrl } from "../../src/theme/docusaurus/useBaseUrl";
import Admonition from "../../src/theme/mdx/Admonition";
import CodeBlock from "../../src/theme/mdx/CodeBlock";
import { MDX_COMPONENT_NAMES } from "../../src/core/mdxComponentNames";
import mdxComponents from "../../src/theme/mdx/components";
import Details from "../../src/theme/mdx/Details";
import TabItem from "../../src/theme/mdx/TabItem";
import Tabs from "../../src/theme/mdx/Tabs";
import BrowserOnly from "../../src/theme/docusaurus/BrowserOnly";
import DocusaurusLink from "../../src/theme/docusaurus/Link";
import Link from "../../src/theme/Link/Link";

const site = {
  config: { url: "https://example.org", baseUrl: "/" } as ThemeConfig,
  storage: createSafeStorage(() => undefined, () => undefined),
  navigate: () => undefined,
  prefetch: () => undefined,
} as unknown as SiteContextValue;

const render = (node: ReactNode) => renderToStaticMarkup(h(StaticRouter, { location: "/" }, h(SiteContext.Provider, { value: site }, node)));

describe("the components map", () => {
  it("maps only plain elements: the theme components are imported by the pages that use them", () => {
    expect(Object.keys(mdxComponents).filter((name) => /^[A-Z]/.test(name))).toEqual([]);
  });

  it("has a module at @theme/<name> for every component the build lets pages use without an import", () => {
    for (const name of MDX_COMPONENT_NAMES) expect(existsSync(path.resolve(import.meta.dirname, `../../src/theme/mdx/${name}.tsx`)), name).toBe(true);
  });

  it("loads images lazily", () => {
    expect(render(h(mdxComponents.img, { src: "/a.png", alt: "A" }))).toBe('<img loading="lazy" decoding="async" src="/a.png" alt="A"/>');
  });
});

describe("Admonition", () => {
  it("is a note landmark labelled with its kind, with an icon and the default title", () => {
    const html = render(h(Admonition, { type: "warning" }, h("p", null, "Careful")));
    expect(html).toMatch(/^<aside class="admonition admonition--warning" role="note" aria-label="Warning">/);
    expect(html).toContain('<svg class="admonition-icon"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('<span class="admonition__title">Warning</span>');
    expect(html).toContain('<div class="admonition__content"><p>Careful</p></div>');
  });

  it("takes its title from the marked first child (Markdown titles) or the title prop", () => {
    const marked = render(h(Admonition, { type: "tip" }, h("span", { "data-admonition-title": "true" }, "Use ", h("code", null, "x")), h("p", null, "Body")));
    expect(marked).toContain('<span class="admonition__title">Use <code>x</code></span>');
    expect(marked).not.toContain("data-admonition-title");
    expect(render(h(Admonition, { type: "info", title: "Custom" }, "x"))).toContain(">Custom</span>");
  });

  it("falls back to a note for an unknown type", () => {
    expect(render(h(Admonition, { type: "bogus" }, "x"))).toContain('class="admonition admonition--note" role="note" aria-label="Note"');
  });
});

describe("CodeBlock", () => {
  it("renders build-time HTML with title, buttons and line numbers", () => {
    const html = render(h(CodeBlock, { language: "js", title: "a.js", showLineNumbers: "3", html: '<span class="code-block__line">x</span>' }));
    expect(html).toContain('class="code-block code-block--line-numbers" data-language="js"');
    expect(html).toContain('<div class="code-block__title">a.js</div>');
    expect(html).toContain('style="counter-reset:code-block-line 2"');
    expect(html).toContain('<code class="code-block__code language-js"><span class="code-block__line">x</span></code>');
    expect(html).toContain('aria-label="Copy code to clipboard"');
    expect(html).toContain('aria-label="Toggle word wrap" aria-pressed="false"');
    expect(html).toContain(`<pre class="code-block__pre" tabindex="0" style="counter-reset:code-block-line 2">`);
  });

  it("renders a computed string as plain lines (no highlighter in the browser)", () => {
    const html = render(h(CodeBlock, { className: "language-py" }, "a < b\nc\n"));
    expect(html).toContain('<code class="code-block__code language-py"><span class="code-block__line">a &lt; b\n</span><span class="code-block__line">c</span></code>');
  });

  it("marks output blocks", () => {
    expect(render(h(CodeBlock, { variant: "output", title: "Output", html: "" }))).toContain('class="code-block code-block--output"');
  });
});

describe("Tabs", () => {
  const tabs = (props: Record<string, unknown> = {}) =>
    render(
      h(
        Tabs,
        props,
        h(TabItem, { value: "npm", label: "npm" }, "npm-panel"),
        "\n",
        h(TabItem, { value: "yarn", label: "Yarn", default: true }, "yarn-panel"),
        h(TabItem, { value: "pnpm" }, "pnpm-panel"),
      ),
    );

  it("renders every panel, hiding all but the default one", () => {
    const html = tabs();
    expect(html).toContain('role="tablist"');
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(3);
    expect(html).toMatch(/aria-selected="true" aria-controls="[^"]+" tabindex="0" class="tabs__tab tabs__tab--selected">Yarn</);
    expect(html).toMatch(/aria-selected="false" aria-controls="[^"]+" tabindex="-1" class="tabs__tab">npm</);
    expect(html).toMatch(/hidden="" tabindex="0" class="tabs__panel">npm-panel/);
    expect(html).toMatch(/aria-labelledby="[^"]+" tabindex="0" class="tabs__panel">yarn-panel/);
    expect(html).toContain(">pnpm</button>");
  });

  it("links each tab to its panel", () => {
    const html = tabs();
    const controls = [...html.matchAll(/aria-controls="([^"]+)"/g)].map((match) => match[1]);
    for (const id of controls) expect(html).toContain(`id="${id}"`);
  });

  it("prefers defaultValue, and renders only the selected panel when lazy", () => {
    expect(tabs({ defaultValue: "pnpm" })).toMatch(/tabs__tab--selected">pnpm</);
    const lazy = tabs({ lazy: true });
    expect(lazy).toContain("yarn-panel");
    expect(lazy).not.toContain("npm-panel");
  });
});

describe("Details", () => {
  it("is a real details element with a styled summary and the body", () => {
    const html = render(h(Details, null, h("summary", null, "More"), h("p", null, "Body")));
    expect(html).toBe('<details class="details"><summary class="details__summary">More</summary><div class="details__content"><div class="details__inner"><p>Body</p></div></div></details>');
    expect(render(h(Details, { open: true }, h("summary", null, "S"), "x"))).toMatch(/^<details open="" class="details details--expanded">/);
    expect(render(h(Details, null, "no summary"))).toContain('<summary class="details__summary">Details</summary>');
  });
});

describe("Docusaurus modules", () => {
  it("re-exports the site's Link, which opens external links safely", () => {
    expect(DocusaurusLink).toBe(Link);
    expect(render(h(DocusaurusLink, { to: "https://elsewhere.org/x" }, "x"))).toBe('<a href="https://elsewhere.org/x" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it("prefixes the base URL like useBaseUrl", () => {
    expect(withBaseUrl("https://example.org", "/docs/", "/img/a.png")).toBe("/docs/img/a.png");
    expect(withBaseUrl("https://example.org", "/docs/", "img/a.png")).toBe("/docs/img/a.png");
    expect(withBaseUrl("https://example.org", "/docs/", "/docs/img/a.png")).toBe("/docs/img/a.png");
    expect(withBaseUrl("https://example.org", "/", "/a", { absolute: true })).toBe("https://example.org/a");
    expect(withBaseUrl("https://example.org", "/docs/", "https://x.org/a")).toBe("https://x.org/a");
    expect(withBaseUrl("https://example.org", "/docs/", "#top")).toBe("#top");
  });

  it("renders BrowserOnly's fallback on the server", () => {
    expect(render(h(BrowserOnly, { fallback: h("span", null, "later"), children: () => h("b", null, "now") }))).toBe("<span>later</span>");
  });
});
