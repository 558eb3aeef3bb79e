import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import { describe, expect, it } from "vitest";
import { normalizeAdmonitionTitles } from "../../src/node/markdown/admonitions";
import { convertHtmlComments, escapeHeadingIds } from "../../src/node/markdown/comments";
import { remarkRestoreDirectives } from "../../src/node/markdown/directives";
import { remarkHeadings } from "../../src/node/markdown/headings";
import { copyUrls } from "../../src/node/markdown/plainCopy";
import { plainBody } from "../../src/node/markdown/plainMarkdown";

const PAGE = "/site/docs/guide/page.mdx";
const urls = copyUrls({ siteUrl: "https://docs.example.org/", baseUrl: "/", route: "/guide/page" }, PAGE);

/** A page's tree as the plain copy sees it (the syntax steps of compile.ts done), and the text it was parsed from. */
async function parsed(markdown: string): Promise<{ tree: Root; source: string }> {
  const source = normalizeAdmonitionTitles(escapeHeadingIds(convertHtmlComments(markdown)));
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).use(remarkRestoreDirectives).use(remarkHeadings);
  const tree = (await processor.run(processor.parse(source), new VFile({ path: PAGE, value: source }))) as Root;
  return { tree, source };
}

/** Both copies of a page: every block serialized, and blocks copied from the source where they can be. */
async function copies(markdown: string): Promise<{ serialized: string; asWritten: string }> {
  const { tree, source } = await parsed(markdown);
  return { serialized: plainBody(tree, urls), asWritten: plainBody(tree, urls, source) };
}

const withoutPositions = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(withoutPositions) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== "position").map(([key, inner]) => [key, withoutPositions(inner)])) : value;
const reader = unified().use(remarkParse).use(remarkGfm);
/** What a reader's Markdown parser makes of a copy, as JSON lines (a failure shows the lines that differ). */
const readAs = (markdown: string) => JSON.stringify(withoutPositions(reader.parse(markdown)), null, 1);

const TRICKY = [
  "Intro.\n\n* a\n* b\n\n- c\n- d\n",
  "Intro.\n\n- a\n\n{/* a comment between two lists */}\n\n- b\n",
  "Intro.\n\n  - indented\n  - list\n\n  para after\n",
  "See [x](<a b.md>), [y](https://example.com/a_(b)) and www.example.com.\n",
  "Odd targets: [a space](<https://example.com/a b>) and [a parenthesis](<https://example.com/x)y>).\n",
  '[titled](https://example.com "Title"), [empty]() and [](./x.md)\n',
  "**[bold link](./x.md)** and _[em](#frag)_ and [`code` link](../up.md#part)\n",
  "| a | b |\n| - | :-: |\n| `x \\| y` | [l](/p) |\n| \\| pipe | **b** |\n",
  "- [ ] todo\n- [x] done [l](./d.md)\n",
  "> quote with [link](/a)\n> more\n>\n> - in a list\n",
  "Line one\\\nline two  \nthree\n",
  "&amp; &copy; \\* \\_ text \\< \\{ x \\}\n",
  "Time 10:30 and :smile: text ::leaf\n\n::leaf\n",
  '```js title="a.js"\ncode\n```\n\n```\nplain\n```\n\n~~~~md\n```\nnested\n```\n~~~~\n',
  "Intro.\n\n## Heading {#custom-id}\n\n### Plain *heading* [l](./x.md)\n\nSetext\n------\n",
  "Text[^1].\n\n[^1]: Note.\n",
  "[ref]: ./x.md\n\nSee [ref] and [text][ref].\n",
  "1. one\n2. two\n\n10) ten\n",
  "Text with ![img](/img/a.png) and ![rel](./pic.png).\n",
  "- item [link](./b.md)\n  - nested `code`\n\n    continued para\n",
  "Intro\n\n---\n\n***\n\nText ~~gone~~ and ~one~.\n",
  "A [link with\nnewline](./x.md), [a\\]b](./y.md) and [nested [brackets]](./z.md).\n",
  ":::note\nAdmonition [l](./x.md)\n:::\n\nAfter.\n",
  '<Tabs><TabItem value="a">x</TabItem></Tabs>\n\nAfter *it*.\n',
];

describe("a page's plain copy, its blocks copied as written", () => {
  it("keeps the author's own Markdown where nothing in a block is rewritten, with link targets made absolute", async () => {
    const { asWritten } = await copies("# Title\n\nSome _emphasis_ &amp; a [link](./other.md#part).\n\n* one\n* two\n\n```sql\nselect 1;\n```\n");
    expect(asWritten).toBe("Some _emphasis_ &amp; a [link](https://docs.example.org/guide/other.md#part).\n\n* one\n* two\n\n```sql\nselect 1;\n```\n");
  });

  it("serializes what the copy rewrites: a code block's meta, a heading's id, a link's title, an image", async () => {
    const { asWritten } = await copies('```js title="a.js"\nlet a;\n```\n\n## Named {#named}\n\n[t](https://example.com "Title")\n\n![alt](./missing.png)\n');
    expect(asWritten).toBe('```js\nlet a;\n```\n\n## Named\n\n[t](https://example.com "Title")\n\n*alt*\n');
  });

  it("reads, in a reader's Markdown parser, as the fully serialized copy does", async () => {
    for (const markdown of TRICKY) {
      const { serialized, asWritten } = await copies(markdown);
      expect(readAs(asWritten), markdown).toBe(readAs(serialized));
    }
  });

  it("reads as the serialized copy for every page of this site's docs", async () => {
    const docsDir = path.join(import.meta.dirname, "../../docs");
    const pages = readdirSync(docsDir, { recursive: true, encoding: "utf8" }).filter((file) => /\.mdx?$/.test(file));
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      const text = readFileSync(path.join(docsDir, page), "utf8");
      // Front matter blanked line for line, as the build gives the compile its body.
      const body = text.replace(/^---\n[\s\S]*?\n---\n/, (block) => block.replace(/[^\n]/g, " "));
      const { serialized, asWritten } = await copies(body);
      expect(readAs(asWritten), page).toBe(readAs(serialized));
    }
  }, 60_000);
});
