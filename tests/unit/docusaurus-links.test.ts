import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileMarkdown } from "../../src/node/markdown/compile";
import { docusaurusPermalink } from "../../src/node/markdown/links";

/*
 * Docusaurus' Markdown link rules, https://docusaurus.io/docs/markdown-features/links :
 * file paths (.md/.mdx) become the target doc's URL; anything else is a URL,
 * and a relative URL is resolved by the browser (React Router) against the
 * page's own URL. A folder's index doc gets the folder's URL with a trailing
 * slash (getSlug in @docusaurus/plugin-content-docs/src/slug.ts), so its
 * relative links resolve one level deeper than a sibling doc's: an oddity of
 * Docusaurus we match.
 */
let dir: string;
const docs = (file: string) => path.join(dir, "docs", file);
const ROUTES: Record<string, string> = {
  "guides/index.md": "/docs/guides",
  "guides/filtering.md": "/docs/guides/filtering",
  "guides/02-sorting.md": "/docs/guides/sorting",
  "guides/guides.md": "/docs/guides/guides",
  "intro.md": "/docs/intro",
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "docusaurus-links-"));
  mkdirSync(docs("guides/files"), { recursive: true });
  mkdirSync(path.join(dir, "static/img"), { recursive: true });
  for (const file of Object.keys(ROUTES)) writeFileSync(docs(file), "# Page\n");
  writeFileSync(docs("guides/files/spec.pdf"), "%PDF-1.4\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function linksOf(file: string, body: string, frontMatter: Record<string, unknown> = {}) {
  const page = await compileMarkdown({
    file: docs(file),
    body,
    frontMatter,
    routeOfSource: (source) => {
      const relative = path.relative(path.join(dir, "docs"), source).split(path.sep).join("/");
      return ROUTES[relative];
    },
    additionalLanguages: [],
    development: false,
    siteDir: dir,
    prismThemes: {},
  });
  return { urls: page.facts.links.map((link) => link.url), code: page.code, warnings: page.warnings };
}

describe("the page URL relative links resolve against", () => {
  it("ends in a slash for index.md, README.md and a doc named like its folder, not for other docs", () => {
    expect(docusaurusPermalink("/docs/guides", docs("guides/index.md"), {})).toBe("/docs/guides/");
    expect(docusaurusPermalink("/docs/guides", docs("guides/README.md"), {})).toBe("/docs/guides/");
    expect(docusaurusPermalink("/docs/guides", docs("guides/guides.md"), {})).toBe("/docs/guides/");
    expect(docusaurusPermalink("/docs/guides/filtering", docs("guides/filtering.md"), {})).toBe("/docs/guides/filtering");
  });

  it("keeps a slug's own trailing slash, and a slug without one makes even an index doc slash-less", () => {
    expect(docusaurusPermalink("/docs/x", docs("guides/filtering.md"), { slug: "/x/" })).toBe("/docs/x/");
    expect(docusaurusPermalink("/docs/x", docs("guides/index.md"), { slug: "/x" })).toBe("/docs/x");
  });
});

describe("Docusaurus link rules", () => {
  it("resolves ./sibling from a non-index doc to the sibling's route", async () => {
    const { urls } = await linksOf("guides/filtering.md", "[a](./sorting) [b](sorting) [c](../intro) [d](./)");
    expect(urls).toEqual(["/docs/guides/sorting", "/docs/guides/sorting", "/docs/intro", "/docs/guides"]);
  });

  it("resolves links from an index doc one level deeper, as Docusaurus does (its URL ends in /)", async () => {
    const { urls } = await linksOf("guides/index.md", "[a](./filtering) [b](../intro) [c](.) [d](./advanced/deep#setup)");
    expect(urls).toEqual(["/docs/guides/filtering", "/docs/intro", "/docs/guides", "/docs/guides/advanced/deep#setup"]);
  });

  it("turns .md and .mdx file links (relative, number-prefixed, @site/) into the target doc's route, keeping #fragment", async () => {
    const { urls } = await linksOf("guides/filtering.md", "[a](./02-sorting.md#part) [b](../intro.md) [c](@site/docs/guides/index.md)");
    expect(urls).toEqual(["/docs/guides/sorting#part", "/docs/intro", "/docs/guides"]);
  });

  it("leaves absolute links and external URLs as written", async () => {
    const { urls } = await linksOf("guides/filtering.md", "[a](/docs/intro) [b](https://example.com/x)");
    expect(urls).toEqual(["/docs/intro"]);
  });

  it("emits a link to another file (a PDF) as an asset that opens in a new tab, not as a route", async () => {
    const { urls, code } = await linksOf("guides/filtering.md", "[spec](./files/spec.pdf)");
    expect(urls).toEqual([]);
    expect(code).toContain('from "./files/spec.pdf?no-inline"');
    expect(code).toMatch(/target: "_blank"/);
  });

  it("turns pathname:///x into the plain path /x, left to the browser", async () => {
    const { urls } = await linksOf("guides/filtering.md", "[manual](pathname:///files/manual.pdf)");
    expect(urls).toEqual(["/files/manual.pdf"]);
  });

  it("warns, naming the line, about a link to a Markdown file that is not a doc", async () => {
    const { warnings } = await linksOf("guides/filtering.md", "text\n\n[gone](./missing.md)");
    expect(warnings).toEqual([expect.objectContaining({ line: 3, message: expect.stringContaining("missing.md") })]);
  });
});
