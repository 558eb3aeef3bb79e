import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../plugins/content-docs/frontMatter";
import { llmsPlugin } from "../../plugins/llms";
import { markdownCopyPath } from "../../src/core/paths";
import type { DocRouteData } from "../../src/core/types";
import type { SiteConfig } from "../../src/node/config/types";
import { compileMarkdown } from "../../src/node/markdown/compile";
import type { PageFacts } from "../../src/node/markdown/facts";
import { inlineImageUrl, withImageUrls } from "../../src/node/markdown/plainCopyImages";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import type { EmitFilesArgs, RouteSummary } from "../../src/node/plugins/types";
import { docRoute } from "./theme-fixtures";

const SITE = { url: "https://docs.example.org/", baseUrl: "/base/", title: "Example", tagline: "Small tools" } as SiteConfig;

/** A docs page of one plugin: its source text, route and sidebar neighbours. */
interface FakePage {
  file: string;
  path: string;
  source: string;
  title: string;
  description?: string;
  next?: string;
  previous?: string;
}

const doc = (page: FakePage): DocRouteData =>
  docRoute(page.path, {
    id: page.path,
    title: page.title,
    description: page.description ?? "",
    previous: page.previous ? { title: "", permalink: page.previous } : undefined,
    next: page.next ? { title: "", permalink: page.next } : undefined,
  }).doc!;

/** Compiles pages held in memory as the build does (site URL given, so each gets its plain copy), then runs the plugin's emitFiles over them. */
async function emit(pages: FakePage[], rebuild: Pick<EmitFilesArgs, "previousFiles" | "keep"> = {}): Promise<Record<string, string>> {
  const routeOfSource = new Map(pages.map((page) => [page.file, page.path]));
  const facts = new Map<string, PageFacts>();
  for (const page of pages) {
    const { frontMatter, body } = parseFrontMatter(page.source, page.file);
    const compiled = await compileMarkdown({ file: page.file, body, frontMatter, routeOfSource: (file) => routeOfSource.get(file), additionalLanguages: [], development: false, siteDir: "/site", prismThemes: {}, site: SITE });
    facts.set(page.file, compiled.facts);
  }
  const routes: RouteSummary[] = pages.map((page) => ({ path: page.path, pluginId: "default", sectionLabel: "Tools", component: page.file, doc: doc(page), inLastVersion: true }));
  const plugin = llmsPlugin({ siteDir: "/site", siteConfig: SITE, dev: false });
  const files = await plugin.emitFiles!({ siteConfig: SITE, routes, factsOf: (route) => facts.get(route.component), ...rebuild });
  // llms-full.txt comes in parts, all text on a first build.
  return Object.fromEntries(Object.entries(files).map(([name, contents]) => [name, Array.isArray(contents) ? contents.join("") : (contents as string)]));
}

/** The Markdown copy of one page written from `source`. */
async function convert(source: string, title = "Page"): Promise<string> {
  const files = await emit([{ file: "/site/docs/guide/page.mdx", path: "/guide/page", source, title }]);
  return files["guide/page.md"];
}

describe("a docs page as plain Markdown", () => {
  it("drops front matter, imports, exports and MDX comments, and opens with the title as its one H1", async () => {
    const markdown = await convert(`---\ntitle: Ignored here\n---\nimport Thing from "@site/src/Thing";\nexport const answer = 42;\n\n# Own heading\n\n{/* hidden note */}\n\nBody text.\n`, "The title");
    expect(markdown).toBe("# The title\n\nBody text.\n");
  });

  it("turns an admonition into a blockquote that opens with its type label and title", async () => {
    expect(await convert(":::tip[Be careful]\nMind the **gap**.\n:::\n")).toContain("> **Tip: Be careful**\n>\n> Mind the **gap**.\n");
    expect(await convert(":::warning\nHot.\n:::\n")).toContain("> **Warning**\n>\n> Hot.\n");
    expect(await convert(`<Admonition type="danger" title="Stop">Not here.</Admonition>\n`)).toContain("> **Danger: Stop**\n>\n> Not here.\n");
  });

  it("shows every tab as its bold label followed by its content", async () => {
    const source = `<Tabs>\n  <TabItem value="npm" label="npm">\n\n\`\`\`bash\nnpm install thing\n\`\`\`\n\n  </TabItem>\n  <TabItem value="yarn">yarn add thing</TabItem>\n</Tabs>\n`;
    expect(await convert(source)).toBe("# Page\n\n**npm**\n\n```bash\nnpm install thing\n```\n\n**yarn**\n\nyarn add thing\n");
  });

  it("shows a details block as its summary in bold, then its content", async () => {
    expect(await convert("<details>\n<summary>Show the answer</summary>\n\nThe answer is **42**.\n\n</details>\n")).toBe("# Page\n\n**Show the answer**\n\nThe answer is **42**.\n");
  });

  it("keeps a code block's language and drops its meta", async () => {
    expect(await convert('```js title="a.js" {2} showLineNumbers\nconst a = 1;\nconst b = 2;\n```\n')).toBe("# Page\n\n```js\nconst a = 1;\nconst b = 2;\n```\n");
    expect(await convert('<CodeBlock language="ts">{`const x: number = 1;`}</CodeBlock>\n')).toBe("# Page\n\n```ts\nconst x: number = 1;\n```\n");
  });

  it("shows a component it does not know as the text inside it", async () => {
    expect(await convert("import { Greeting, Badge } from \"@site/src/components\";\n\n<Greeting name=\"you\">Hello **there**</Greeting>\n\nA <Badge>new</Badge> feature.\n")).toBe("# Page\n\nHello **there**\n\nA new feature.\n");
  });

  it("makes links absolute: a linked Markdown file's copy, the HTML page for a route or a fragment, external links kept", async () => {
    const files = await emit([
      { file: "/site/docs/a.md", path: "/a", title: "A", source: "See [B](./b.md), [its part](./b.md#part), [here](#top), [home](/), [away](https://example.com/x) and <Link to=\"/b\">B again</Link>.\n\nimport Link from \"@docusaurus/Link\";\n" },
      { file: "/site/docs/b.md", path: "/b", title: "B", source: "B.\n" },
    ]);
    expect(files["a.md"]).toContain(
      "See [B](https://docs.example.org/base/b.md), [its part](https://docs.example.org/base/b#part), [here](https://docs.example.org/base/a#top), [home](https://docs.example.org/base/), [away](https://example.com/x) and [B again](https://docs.example.org/base/b).",
    );
  });

  it("gives static images absolute URLs and shows a relative image that is not there as its alt text", async () => {
    expect(await convert("![Logo](/img/logo.svg) ![Kept](@site/static/img/a.png) ![Diagram](./diagram.png)\n")).toBe(
      "# Page\n\n![Logo](https://docs.example.org/base/img/logo.svg) ![Kept](https://docs.example.org/base/img/a.png) *Diagram*\n",
    );
  });
});

describe("llms.txt", () => {
  it("lists the pages in sidebar order with their .md URLs and one-line summaries", async () => {
    const files = await emit([
      { file: "/site/docs/z.md", path: "/z", title: "Last", previous: "/", source: "Comes last. Really.\n" },
      { file: "/site/docs/index.md", path: "/", title: "First", next: "/z", description: "The start", source: "Intro.\n" },
    ]);
    expect(files["llms.txt"]).toBe(
      [
        "# Example",
        "",
        "> Small tools",
        "",
        "Each link below is a page of this site as plain Markdown; https://docs.example.org/base/llms-full.txt holds them all in one file.",
        "",
        "## Tools",
        "- [First](https://docs.example.org/base/index.html.md): The start",
        "- [Last](https://docs.example.org/base/z.md): Comes last.",
        "",
      ].join("\n"),
    );
    expect(files["llms-full.txt"]).toBe("# First\n\nSource: https://docs.example.org/base/\n\nIntro.\n\n---\n\n# Last\n\nSource: https://docs.example.org/base/z\n\nComes last. Really.\n");
  });

  it("gives a page with no text of its own its title and address alone in llms-full.txt", async () => {
    const files = await emit([
      { file: "/site/docs/a.md", path: "/a", title: "Placeholder", next: "/b", source: "import Note from './note';\n\n{/* written later */}\n" },
      { file: "/site/docs/b.md", path: "/b", title: "Next", previous: "/a", source: "Text.\n" },
    ]);
    expect(files["a.md"]).toBe("# Placeholder\n\n");
    expect(files["llms-full.txt"]).toBe("# Placeholder\n\nSource: https://docs.example.org/base/a\n\n---\n\n# Next\n\nSource: https://docs.example.org/base/b\n\nText.\n");
  });

  it("keeps from the last output the copies whose bytes it holds, and hands over the rest", async () => {
    const pages: FakePage[] = [
      { file: "/site/docs/a.md", path: "/a", title: "A", source: "# A\n\nFirst page.\n" },
      { file: "/site/docs/b.md", path: "/b", title: "B", source: "# B\n\nSecond page.\n" },
    ];
    const last = await emit(pages);
    const recorded = new Map(Object.entries(last).map(([name, text]) => [name, outputContentHash(text)]));
    const edited = [pages[0]!, { ...pages[1]!, source: "# B\n\nSecond page, edited.\n" }];
    const kept: string[] = [];
    const files = await emit(edited, { previousFiles: (prefix) => new Map([...recorded].filter(([name]) => name.startsWith(prefix))), keep: (name) => void kept.push(name) });
    const cold = await emit(edited);
    expect(kept).toEqual(["a.md"]);
    expect(Object.keys(files).sort()).toEqual(["b.md", "llms-full.txt", "llms.txt"]);
    for (const [name, text] of Object.entries(files)) expect(text).toBe(cold[name]);
    expect(last["a.md"]).toBe(cold["a.md"]);
  });

  it("names a page's Markdown copy after its route, and a folder route's index.html.md", () => {
    expect(markdownCopyPath("/pg-sql2/api/sql")).toBe("/pg-sql2/api/sql.md");
    expect(markdownCopyPath("/")).toBe("/index.html.md");
  });

  it("summarises a page without a description by its first sentence", async () => {
    const files = await emit([{ file: "/site/docs/x.md", path: "/x", title: "X", source: "# T\n\nimport A from 'a';\n\nThe [first](/a) one is `a.b`. Second one.\n" }]);
    expect(files["llms.txt"]).toContain("- [X](https://docs.example.org/base/x.md): The first one is a.b.\n");
  });

  it("shows an image beside the page at the address the build gives its file, or as a data: URL", async () => {
    // A page beside a real image (a folder name with a space and parentheses must not end the Markdown image early).
    const folder = mkdtempSync(path.join(os.tmpdir(), "copy-image-"));
    mkdirSync(path.join(folder, "img (old)"));
    const image = path.join(folder, "img (old)", "tables.png");
    copyFileSync(path.join(import.meta.dirname, "../fixtures/playground-site/docs/guide/img/tables.png"), image);
    try {
      const file = path.join(folder, "page.md");
      const compiled = await compileMarkdown({ file, body: "Before ![Two tables](<./img (old)/tables.png>) after.\n", frontMatter: {}, routeOfSource: () => "/guide/page", additionalLanguages: [], development: false, siteDir: folder, prismThemes: {}, site: SITE });
      const copy = compiled.facts.plainCopy!;
      const built = withImageUrls(copy, (source) => (source === image ? "https://docs.example.org/base/assets/tables-AbC123.png" : "wrong file"));
      expect(built.markdown).toBe("Before ![Two tables](https://docs.example.org/base/assets/tables-AbC123.png) after.\n");
      const inline = /^Before !\[Two tables\]\(data:image\/png;base64,([\w+/=]+)\) after\.\n$/.exec(withImageUrls(copy, inlineImageUrl).markdown);
      expect(Buffer.from(inline?.[1] ?? "", "base64").equals(readFileSync(image))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
