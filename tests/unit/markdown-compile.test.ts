import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteError } from "../../src/node/errors";
import { compileMarkdown, type CompileOptions } from "../../src/node/markdown/compile";
import { normalizeAdmonitionTitles } from "../../src/node/markdown/admonitions";
import { PRISM_THEME_CACHE_DIR } from "../../src/node/markdown/prismTheme";

const PNG_2x3 = Buffer.from("89504e470d0a1a0a0000000d4948445200000002000000030802000000", "hex");

let dir: string;
const page = () => path.join(dir, "docs/page.mdx");
const other = () => path.join(dir, "docs/other.md");

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "markdown-compile-"));
  mkdirSync(path.join(dir, "docs/img"), { recursive: true });
  mkdirSync(path.join(dir, "static/img"), { recursive: true });
  writeFileSync(path.join(dir, "docs/img/pic.png"), PNG_2x3);
  writeFileSync(path.join(dir, "static/img/logo.png"), PNG_2x3);
  writeFileSync(other(), "# Other\n\n## Real section\n\n## Custom {#explicit-id}\n\n```md\n## Not a heading\n```\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compile(body: string, options: Partial<CompileOptions> = {}) {
  return compileMarkdown({
    file: page(),
    body,
    frontMatter: {},
    routeOfSource: (source) => (source === other() ? "/docs/other" : undefined),
    additionalLanguages: ["diff"],
    development: false,
    siteDir: dir,
    prismThemes: {},
    ...options,
  });
}

async function compileError(body: string): Promise<SiteError> {
  try {
    await compile(body);
  } catch (error) {
    return error as SiteError;
  }
  throw new Error("expected the compile to fail");
}

describe("admonitions", () => {
  it("turns every type into an Admonition with its title", async () => {
    const types = ["note", "tip", "info", "warning", "danger", "caution", "important"];
    const { code, warnings } = await compile(types.map((type) => `:::${type}\n${type} body\n:::\n`).join("\n"));
    expect(warnings).toEqual([]);
    for (const type of types) expect(code).toContain(`type: "${type}"`);
  });

  it("reads both title forms and Markdown inside", async () => {
    const { code } = await compile(":::tip[Bracket *title*]\nText with **bold**.\n:::\n\n:::info Older title\nx\n:::\n");
    expect(code).toContain(`"data-admonition-title": "true"`);
    expect(code).toMatch(/"Bracket ", _jsx\(_components\.em/);
    expect(code).toContain(`children: "Older title"`);
    expect(code).toMatch(/_jsx\(_components\.strong, \{\s*children: "bold"/);
  });

  it("nests admonitions with a longer outer fence", async () => {
    const { code, warnings } = await compile("::::warning[Outer]\nouter\n\n:::tip[Inner]\ninner\n:::\n\n::::\n");
    expect(warnings).toEqual([]);
    expect(code.match(/_jsxs?\(Admonition,/g)).toHaveLength(2);
    expect(code.indexOf(`type: "warning"`)).toBeLessThan(code.indexOf(`type: "tip"`));
  });

  it("rewrites the older title form line by line, leaving code fences alone", () => {
    expect(normalizeAdmonitionTitles(":::tip My [title]\n```\n:::note inside code\n```\n::: danger\n:::")).toBe(
      ":::tip[My \\[title\\]]\n```\n:::note inside code\n```\n:::danger\n:::",
    );
  });

  it("warns about an unknown type, an unclosed container and a stray closing fence, naming the line", async () => {
    const { warnings, code } = await compile("Intro\n\n:::sidenote\nodd\n:::\n\n:::\n\n:::tip\nnever closed\n");
    const byLine = warnings.map((warning) => `${warning.line}: ${warning.message}`);
    expect(byLine).toEqual([
      expect.stringMatching(/^3: unknown admonition type ":::sidenote"; known types are note, tip/),
      expect.stringMatching(/^7: ":::" closes no admonition/),
      expect.stringMatching(/^9: ":::tip" is never closed/),
    ]);
    for (const warning of warnings) expect(warning.file).toBe(page());
    expect(code).toContain(`type: "note"`);
  });
});

describe("comments and colons", () => {
  it("drops HTML and MDX comments without breaking the build", async () => {
    const { code } = await compile("Before <!-- inline HIDDEN-1 --> after\n\n<!--\nblock HIDDEN-2\n-->\n\n{/* HIDDEN-3 */}\n\n`<!-- kept in code -->`\n");
    // MDX keeps them as JavaScript comments (the minifier drops those); nothing renders them.
    expect(code.replace(/\/\*[\s\S]*?\*\//g, "")).not.toMatch(/HIDDEN-[123]/);
    expect(code).toContain("<!-- kept in code -->");
  });

  it("keeps prose colons that remark-directive would read as directives", async () => {
    const { code } = await compile("Meet at 10:30, see:this.\n\n::leaf\n");
    expect(code).toContain(`"Meet at 10:30, see:this."`);
    expect(code).toContain(`"::leaf"`);
  });

  it("keeps colons in headings, their ids and the TOC", async () => {
    const { toc } = await compile("## Meet at 10:30\n");
    expect(toc).toEqual([{ value: "Meet at 10:30", id: "meet-at-1030", level: 2 }]);
  });
});

describe("code blocks", () => {
  it("highlights at build time and imports the theme stylesheet", async () => {
    const { code, warnings } = await compile('```ts title="a.ts" {2} showLineNumbers\nconst a = 1;\nconst b = 2;\n```\n');
    expect(warnings).toEqual([]);
    expect(code).toMatch(/_jsx\(CodeBlock, \{\s*language: "ts",\s*title: "a.ts",\s*showLineNumbers: "1",\s*html: /);
    expect(code).toContain('<span class=\\"token keyword\\">const</span>');
    expect(code).toContain("code-block__line code-block__line--highlighted");
    const stylesheet = /import "([^"]+\.css)";/.exec(code)?.[1];
    expect(stylesheet).toMatch(/\.cache\/prism-themes\/vsDark--vsDark\.css$/);
    const absolute = path.resolve(path.dirname(page()), stylesheet!);
    expect(absolute.startsWith(PRISM_THEME_CACHE_DIR)).toBe(true);
    expect(readFileSync(absolute, "utf8")).toContain(".code-block .token:is(.comment");
  });

  it("imports no theme on a page without code", async () => {
    expect((await compile("Just text.\n")).code).not.toContain(".css");
  });

  it("uses the configured themes", async () => {
    const { code } = await compile("```js\nx\n```\n", { prismThemes: { theme: "github", darkTheme: "dracula" } });
    expect(code).toContain("github--dracula.css");
    await expect(compile("```js\nx\n```\n", { prismThemes: { theme: "nope" } })).rejects.toThrow(/prism\.theme.*"nope"/);
  });

  it("writes a theme stylesheet again when it was removed after an earlier page's compile", async () => {
    // A pair no other test uses: files run side by side, and this one removes the pair's stylesheet.
    const themes = { theme: "gruvboxMaterialLight", darkTheme: "jettwaveDark" };
    const stylesheetOf = (code: string) => path.resolve(path.dirname(page()), /import "([^"]+\.css)";/.exec(code)![1]!);
    const first = stylesheetOf((await compile("```js\nx\n```\n", { prismThemes: themes })).code);
    const text = readFileSync(first, "utf8");
    rmSync(first);
    const second = stylesheetOf((await compile("```js\ny\n```\n", { prismThemes: themes })).code);
    expect(second).toBe(first);
    expect(readFileSync(second, "utf8")).toBe(text);
  });

  it("reads the themes from the site.config.ts above the file when not given", async () => {
    const fixture = path.resolve(import.meta.dirname, "../fixtures/markdown/docs/guide/code.md");
    const result = await compileMarkdown({ file: fixture, body: "```js\nx\n```\n", frontMatter: {}, routeOfSource: () => undefined, additionalLanguages: [], development: false });
    expect(result.code).toContain("github--dracula.css");
  });

  it("shows an output block with an Output caption unless it has a title", async () => {
    const { code, warnings } = await compile("```js doctest query env=NODE_ENV=development\nconsole.log(1)\n```\n\n```text output\n1\n```\n\n```text output title=\"stdout\"\n1\n```\n");
    expect(warnings).toEqual([]);
    expect(code).toMatch(/title: "Output",\s*variant: "output"/);
    expect(code).toMatch(/title: "stdout",\s*html/);
  });

  it("warns about unknown languages and malformed meta with the fence line, never failing", async () => {
    const { code, warnings } = await compile('Text\n\n```klingon\nqapla\n```\n\n```js {1,x} title="open\nx\n```\n\n```java\nclass A {}\n```\n');
    expect(warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [3, expect.stringMatching(/unknown code language "klingon".*plain text/)],
      [7, expect.stringMatching(/malformed code-block meta: unterminated " quote/)],
      [7, expect.stringMatching(/malformed code-block meta: "x" in \{1,x\} is not a line number/)],
      [11, expect.stringMatching(/unknown code language "java".*additionalLanguages/)],
    ]);
    expect(code).toContain("qapla");
  });

  it("warns about a range past the end and unbalanced magic comments at their own line", async () => {
    const { warnings } = await compile("```js {9}\na\n```\n\n```js\na\n// highlight-end\n```\n");
    expect(warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [1, expect.stringMatching(/highlighted line 9 is past the last line \(1\)/)],
      [7, "highlight-end without a highlight-start before it"],
    ]);
  });

  it("highlights <CodeBlock> written in MDX with a constant string", async () => {
    const { code } = await compile('<CodeBlock language="sql" title="q.sql">{`select 1;`}</CodeBlock>\n');
    expect(code).toMatch(/_jsx\(CodeBlock, \{\s*language: "sql",\s*title: "q.sql",\s*html: ".*token keyword/);
    expect(code).not.toContain("children: `select 1;`");
  });

  it("with deferral keeps each block's HTML out of the page module, keyed in the order of the page", async () => {
    const { code, deferredHtml } = await compile('```js\nconst a = 1;\n```\n\n<CodeBlock language="sql">{`select 1;`}</CodeBlock>\n', { deferHtml: true });
    expect(code).not.toContain("token keyword");
    expect(code).toMatch(/_jsx\(CodeBlock, \{\s*language: "js",\s*htmlKey: "0"/);
    expect(code).toMatch(/_jsx\(CodeBlock, \{\s*language: "sql",\s*htmlKey: "1"/);
    expect(code).toContain('export const loadDeferredHtml = () => import("./page.mdx?deferred-html")');
    expect(deferredHtml).toHaveLength(2);
    expect(deferredHtml![0]).toContain('<span class="token keyword">const</span>');
    expect(deferredHtml![1]).toContain('<span class="token keyword">select</span>');
    // Without deferral (dev, partials) the page has neither keys nor a loader.
    const inline = await compile("```js\nconst a = 1;\n```\n");
    expect(inline.code).not.toContain("loadDeferredHtml");
    expect(inline.deferredHtml).toBeUndefined();
  });

  it("with deferral turns long plain prose into keyed HTML and leaves links, headings and short text as JSX", async () => {
    const long = "A sentence long enough to be worth deferring, with `a < b && c` and **bold** text in it.";
    const body = `## Heading\n\n${long}\n\nShort one.\n\nA [link](https://example.com) keeps this paragraph as JSX, however long it is made.\n\n| Name | Value |\n| ---- | ----: |\n| one  | 1 |\n| two  | 2 |\n`;
    const { code, deferredHtml } = await compile(body, { deferHtml: true });
    expect(code).toContain('import DeferredHtml from "@theme/DeferredHtml"');
    expect(deferredHtml).toEqual([
      "A sentence long enough to be worth deferring, with <code>a &lt; b &amp;&amp; c</code> and <strong>bold</strong> text in it.",
      expect.stringMatching(/^\n<thead>\n<tr>\n<th>Name<\/th>\n<th style="text-align:right">Value<\/th>/),
    ]);
    expect(code).toMatch(/_jsx\(DeferredHtml, \{\s*as: "p",\s*htmlKey: "0"/);
    expect(code).toMatch(/_jsx\(DeferredHtml, \{\s*as: "table",\s*htmlKey: "1"/);
    expect(code).toContain('"Short one."');
    expect(code).toContain('"A "');
    expect(code).toMatch(/_jsx\(_components\.h2/);
  });
});

describe("components", () => {
  it("takes the site's swizzled MDXComponents from the caller when given, for its names and its prose", async () => {
    // This site has no src/theme/MDXComponents: a lookup of its own would find none.
    const body = "<Highlight color=\"red\">marked</Highlight>\n\nA paragraph long enough to be deferred as HTML when nothing renders plain elements its own way.\n";
    await expect(compile(body, { deferHtml: true })).rejects.toThrow(/unknown component <Highlight>/);
    const given = await compile(body, { deferHtml: true, mdxComponents: { file: path.join(dir, "src/theme/MDXComponents.js"), names: ["Highlight"] } });
    expect(given.code).toMatch(/_jsx\(Highlight, \{/);
    expect(given.code).not.toContain("DeferredHtml");
    const none = await compile(body.replace(/<Highlight[^\n]*\n\n/, ""), { deferHtml: true, mdxComponents: { names: [] } });
    expect(none.code).toContain("DeferredHtml");
  });

  it("renames <details> to the Details component", async () => {
    const { code } = await compile("<details>\n<summary>More</summary>\n\nHidden\n</details>\n");
    expect(code).toMatch(/_jsxs\(Details, \{\s*children: \[_jsx\("summary"/);
  });

  it("fails with file:line:column for a component that is not imported, defined or provided", async () => {
    const error = await compileError("# Title\n\nText\n\n  <Missing prop />\n\n<Tabs><TabItem value=\"a\">a</TabItem></Tabs>\n\n{cond && <AlsoMissing />}\n");
    expect(error).toBeInstanceOf(SiteError);
    expect(error.message).toMatch(new RegExp(`^${page().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:5:3: unknown component <Missing> \\(also <AlsoMissing> at line 9\\)`));
    expect(error.message).toContain("Admonition, CodeBlock, Details, Mermaid, Tabs, TabItem");
  });

  it("accepts imported, exported and locally bound components", async () => {
    const body = [
      'import Imported from "./x";',
      'import * as Lib from "./lib";',
      "export const Local = () => <b>x</b>;",
      "export function Fn() { return null; }",
      "",
      "<Imported />",
      "<Lib.Thing />",
      "<Local />",
      "<Fn />",
      "<Admonition type=\"tip\">x</Admonition>",
      "{[1].map((Item) => <Item key={1} />)}",
      "<props.components.Thing />",
      "<custom-element />",
    ].join("\n");
    const { warnings } = await compile(body);
    expect(warnings).toEqual([]);
  });
});

describe("tabs", () => {
  it("warns about a TabItem without a value, a value used twice, and a TabItem outside Tabs", async () => {
    const body = ["<Tabs>", '  <TabItem value="a">A</TabItem>', "  <TabItem>none</TabItem>", '  <TabItem value="a">again</TabItem>', "</Tabs>", "", '<TabItem value="x">alone</TabItem>'].join("\n");
    const { warnings } = await compile(body);
    expect(warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [3, '<TabItem> needs a value="…" (it is left out of its tab group)'],
      [4, '<TabItem value="a"> appears twice in one <Tabs> group (first at line 2)'],
      [7, "<TabItem> outside a <Tabs> group is shown on its own, without tabs"],
    ]);
  });
});

describe("headings, links and anchors", () => {
  it("uses explicit heading ids", async () => {
    const { code, toc } = await compile("## Title {#my-id}\n\n## Plain title\n");
    expect(code).toContain(`id: "my-id"`);
    expect(toc).toEqual([
      { value: "Title", id: "my-id", level: 2 },
      { value: "Plain title", id: "plain-title", level: 2 },
    ]);
  });

  it("warns about anchors that match nothing on this page; links to other pages are left to the link check, with their lines", async () => {
    const body = [
      "## Here",
      "",
      '<div id="jsx-id" />',
      "",
      "[ok](#here) [ok](#jsx-id) [bad](#nowhere)",
      "",
      "[ok](./other.md#real-section) [ok](./other.md#explicit-id) [bad](./other.md#not-a-heading)",
    ].join("\n");
    const { warnings, code, facts } = await compile(body);
    expect(warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [5, 'broken anchor "#nowhere": no heading or element on this page has the id "nowhere"'],
    ]);
    expect(code).toContain(`href: "/docs/other#real-section"`);
    expect(facts.ids).toEqual(expect.arrayContaining(["here", "jsx-id"]));
    expect(facts.links).toEqual(expect.arrayContaining([{ url: "/docs/other#not-a-heading", line: 7 }, { url: "#nowhere", line: 5 }]));
  });
});

describe("images", () => {
  it("imports relative images with their size and lazy loading", async () => {
    const { code, warnings } = await compile('![A picture](./img/pic.png "Pic")\n');
    expect(warnings).toEqual([]);
    expect(code).toContain('import __image0 from "./img/pic.png";');
    expect(code).toMatch(/_jsx\(_components\.img, \{\s*src: __image0,\s*alt: "A picture",\s*title: "Pic",\s*width: "2",\s*height: "3",\s*loading: "lazy",\s*decoding: "async"/);
  });

  it("sizes /static images and warns about missing files with the line", async () => {
    const { code, warnings } = await compile("![Logo](/img/logo.png)\n\n![Gone](./img/gone.png)\n\n![Gone too](/img/gone.png)\n\n![Remote](https://example.com/x.png)\n");
    expect(code).toMatch(/src: "\/img\/logo\.png",\s*alt: "Logo",\s*width: "2",\s*height: "3",\s*loading: "lazy"/);
    expect(warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [3, expect.stringMatching(/image "\.\/img\/gone\.png" not found/)],
      [5, expect.stringMatching(/image "\/img\/gone\.png" is not in the static folder/)],
    ]);
  });
});

describe("JSX images", () => {
  it("warn with the line when the local file is missing, and pass present, remote and computed ones", async () => {
    const body = '<img src="./img/pic.png" alt="ok" />\n\n<img src="./img/gone.png" alt="x" />\n\nText <img src="/img/gone.png" alt="y" /> inline.\n\n<img src="https://example.com/x.png" />\n\n<img src={"./computed.png"} />\n\n<img src="/img/logo.png" />\n';
    const { warnings } = await compile(body);
    expect(warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [3, expect.stringMatching(/<img src="\.\/img\/gone\.png"> not found/)],
      [5, expect.stringMatching(/<img src="\/img\/gone\.png"> is not in the static folder/)],
    ]);
  });
});

describe("GFM", () => {
  it("renders tables, task lists, footnotes, reference links and hard breaks", async () => {
    const body = "| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\nClaim.[^n]\n\n[^n]: Note.\n\n[ref][r]\n\n[r]: https://example.com\n\nline\\\nbreak\n";
    const { code } = await compile(body);
    expect(code).toContain("_components.table");
    expect(code).toContain(`type: "checkbox"`);
    expect(code).toContain(`"aria-label": "done"`);
    expect(code).toContain("user-content-fn-n");
    expect(code).toContain(`href: "https://example.com"`);
    expect(code).toContain("_components.br");
  });
});

it("leaves the theme cache dir in place for Vite to read", () => {
  expect(existsSync(PRISM_THEME_CACHE_DIR)).toBe(true);
});
