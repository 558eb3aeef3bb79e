import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LLMS_FULL_FILE, LLMS_INDEX_FILE } from "../../plugins/llms";
import { markdownCopyPath as markdownPath } from "../../src/core/paths";
import { buildSite } from "../../src/node/build/build";
import { createPageCompiler } from "../../src/node/bundle/compileSource";
import { devPageFacts } from "../../src/node/dev/devFiles";
import { loadSite, type SiteData } from "../../src/node/loadSite";
import { copyFixture } from "./support";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** llms.txt as its proposal structures it: H1, blockquote, then H2 sections of `- [title](url): summary` lines. */
interface LlmsIndex {
  title: string;
  summary: string;
  sections: { heading: string; entries: { title: string; url: string; summary: string }[] }[];
}

function parseLlmsIndex(text: string): LlmsIndex {
  const [head, ...blocks] = text.split(/^## /m);
  const title = /^# (.+)\n/.exec(head)?.[1];
  const summary = /^> (.+)$/m.exec(head)?.[1];
  if (!title || !summary) throw new Error(`llms.txt opens without an H1 and a blockquote:\n${head}`);
  const sections = blocks.map((block) => {
    const [heading, ...lines] = block.trimEnd().split("\n");
    const entries = lines.map((line) => {
      const match = /^- \[((?:[^\]\\]|\\.)+)\]\((\S+)\)(?:: (.+))?$/.exec(line);
      if (!match) throw new Error(`llms.txt: "${line}" under "${heading}" is not a "- [title](url): summary" entry`);
      return { title: match[1], url: match[2], summary: match[3] ?? "" };
    });
    return { heading, entries };
  });
  return { title, summary, sections };
}

/** Every URL a Markdown text links or shows, as a CommonMark reader finds them, and any raw HTML/JSX it would show as text. */
function urlsAndHtml(markdown: string): { urls: string[]; html: string[] } {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const urls: string[] = [];
  const html: string[] = [];
  visit(tree, (node) => {
    if (node.type === "link" || node.type === "image" || node.type === "definition") urls.push(node.url);
    if (node.type === "html") html.push(node.value);
  });
  return { urls, html };
}

/** The llms plugin's files for a site, from its pages' compiles without bundling: what the build writes for it. */
async function llmsFiles(site: SiteData): Promise<Record<string, string>> {
  const facts = await devPageFacts(site, createPageCompiler(() => site, { dev: false }));
  const plugin = site.plugins.find((candidate) => candidate.id === "llms")!;
  const files = await plugin.emitFiles!({ siteConfig: site.config, routes: site.routes, factsOf: (route) => facts.get(route.component) });
  // llms-full.txt comes in parts, all text on a first build.
  return Object.fromEntries(Object.entries(files).map(([name, contents]) => [name, Array.isArray(contents) ? contents.join("") : (contents as string)]));
}

/** The llms plugin's files for a copy of a fixture site (its compile cache stays in the copy). */
async function fixtureLlmsFiles(name: string): Promise<Record<string, string>> {
  const site = copyFixture(name);
  try {
    return await llmsFiles(await loadSite(site.dir, { dev: false }));
  } finally {
    site.remove();
  }
}

describe("llms.txt and the Markdown copies of this site's docs", () => {
  let site: SiteData;
  let files: Record<string, string>;
  const origin = "https://graphile-docs.example.org";
  const docsRoutes = () => site.routes.filter((route) => route.doc);

  beforeAll(async () => {
    site = await loadSite(ROOT, { dev: false });
    files = await llmsFiles(site);
  });

  it("lists the five libraries, each from its index page on, every entry a Markdown copy the build writes", () => {
    const index = parseLlmsIndex(files[LLMS_INDEX_FILE]);
    expect(index.title).toBe("Graphile*");
    expect(index.summary).toBe(site.config.tagline);
    expect(index.sections.map((section) => section.heading)).toEqual(["graphile-config", "graphile-export", "pg-introspection", "pg-sql2", "tamedevil"]);
    for (const section of index.sections) {
      expect(section.entries[0].url).toBe(`${origin}/${section.heading}.md`);
      for (const entry of section.entries) {
        expect(entry.url.startsWith(`${origin}/`) && entry.url.endsWith(".md")).toBe(true);
        expect(files[entry.url.slice(origin.length + 1)]).toBeDefined();
        expect(entry.summary).not.toBe("");
      }
    }
    const listed = index.sections.flatMap((section) => section.entries.map((entry) => entry.url));
    expect(listed.sort()).toEqual(docsRoutes().map((route) => `${origin}${markdownPath(route.path)}`).sort());
  });

  it("writes every docs page as Markdown under its title, with no JSX left and only absolute links", () => {
    for (const route of docsRoutes()) {
      const markdown = files[markdownPath(route.path).slice(1)];
      expect(markdown.startsWith(`# ${route.doc!.title}\n\n`), route.path).toBe(true);
      const { urls, html } = urlsAndHtml(markdown);
      expect(html, route.path).toEqual([]);
      for (const url of urls) {
        expect(() => new URL(url), `${route.path}: ${url}`).not.toThrow();
        if (url.startsWith(origin) && url.endsWith(".md")) expect(files[url.slice(origin.length + 1)], `${route.path}: ${url}`).toBeDefined();
      }
    }
    expect(files["pg-sql2/api/sql.md"]).toContain("[`sql.compile`](https://graphile-docs.example.org/pg-sql2/api/sql-compile.md)");
  });

  it("puts every listed page into llms-full.txt, in the same order, each with its address", () => {
    const listed = parseLlmsIndex(files[LLMS_INDEX_FILE]).sections.flatMap((section) => section.entries);
    const sources = [...files[LLMS_FULL_FILE].matchAll(/^Source: (\S+)$/gm)].map((match) => match[1]);
    expect(sources).toEqual(listed.map((entry) => entry.url.replace(/\.md$/, "")));
    // One line break after the last page's text, as after every text file.
    expect(files[LLMS_FULL_FILE]).toMatch(/[^\n]\n$/);
  });
});

describe("the Markdown copies of the feature fixture's pages", () => {
  let files: Record<string, string>;
  beforeAll(async () => {
    files = await fixtureLlmsFiles("markdown");
  });

  it("shows admonitions as labelled blockquotes, nested ones nested", () => {
    const markdown = files["guide/admonitions.md"];
    expect(markdown).toContain("> **Tip: Label title**\n>\n> Tip with a title in brackets.\n");
    expect(markdown).toContain("> **Note: Outer**\n>\n> Outer text.\n>\n> > **Tip: Inner**\n> >\n> > Inner text.\n");
    expect(markdown).toContain("Prose with colons stays intact: meet at 10:30, see:this and a:b.");
  });

  it("shows every tab under its bold label and keeps code blocks with their language only", () => {
    expect(files["guide/tabs.md"]).toContain("**npm**\n\n```bash\nnpm install thing\n```\n\n**Yarn**\n\n```bash\nyarn add thing\n```\n\n**pnpm**\n\npnpm-panel-text\n");
    const code = files["guide/code.md"];
    expect(code).toMatch(/^```\w+$/m);
    expect(code).not.toMatch(/^```\w+ \S/m);
  });
});

describe("llms.txt of a site with a blog", () => {
  it("lists the blog's posts in an Optional section, leaving out unlisted and draft posts", async () => {
    const files = await fixtureLlmsFiles("blog-site");
    const index = parseLlmsIndex(files[LLMS_INDEX_FILE]);
    expect(index.sections.map((section) => section.heading)).toEqual(["Docs", "Optional"]);
    const posts = index.sections[1].entries;
    expect(posts.map((entry) => entry.title)).toEqual(["Lantern 1.0 is out", "The road to 1.0", "Your first job in five minutes", "Welcome to the Lantern blog"]);
    expect(posts[3]).toEqual({ title: "Welcome to the Lantern blog", url: "https://lantern.example.org/blog/welcome.md", summary: "We will write here about releases, plans and how people use Lantern." });
    expect(files["blog/welcome.md"]).toMatch(/^# Welcome to the Lantern blog\n\nWe will write here/);
  });
});

describe("llms.txt of a versioned site, as the build writes it", () => {
  const site = copyFixture("versioned-site");
  const out = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  beforeAll(async () => {
    // Long enough (over 1 KB) for the compress plugin to write its siblings.
    const installation = "versioned_docs/version-2.0/installation.md";
    site.write(installation, `${site.read(installation)}\n${"Ferry installs with one command and needs no service of its own. ".repeat(30)}\n`);
    await buildSite({ siteDir: site.dir });
  });
  afterAll(() => site.remove());

  it("lists each docs plugin's last version only, and writes a Markdown copy of every version's pages", () => {
    const index = parseLlmsIndex(out(LLMS_INDEX_FILE));
    expect(index.sections.map((section) => section.heading)).toEqual(["Ferry", "Ferry CLI"]);
    const urls = index.sections.flatMap((section) => section.entries.map((entry) => entry.url));
    expect(urls).toContain("https://ferry.example.org/docs.md");
    expect(urls.some((url) => /\/docs\/(next|1\.0)\b/.test(url))).toBe(false);
    for (const route of ["/docs/installation", "/docs/next/whats-new", "/docs/1.0/legacy-options"]) {
      expect(existsSync(path.join(site.dir, "build", `${route.slice(1)}.md`)), route).toBe(true);
    }
    expect(out("docs/next/whats-new.md")).toMatch(/^# .+\n/);
  });

  it("writes compressed siblings of a long Markdown copy, as of every other text file", () => {
    const copy = readFileSync(path.join(site.dir, "build/docs/installation.md"));
    expect(copy.length).toBeGreaterThan(1024);
    expect(brotliDecompressSync(readFileSync(path.join(site.dir, "build/docs/installation.md.br")))).toEqual(copy);
  });
});
