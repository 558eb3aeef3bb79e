import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileMarkdown } from "../../src/node/markdown/compile";
import type { SearchSection } from "../../src/core/search/types";

// The search index reads each page's text from the Markdown compile's tree
// (src/node/markdown/searchSections.ts): these pin what a reader can find.

const FILE = path.resolve(import.meta.dirname, "../../.cache/search-sections/page.mdx");

async function sectionsOf(body: string): Promise<SearchSection[]> {
  const page = await compileMarkdown({
    file: FILE,
    body,
    frontMatter: {},
    routeOfSource: () => "/other",
    additionalLanguages: [],
    development: false,
    prismThemes: { theme: "github", darkTheme: "dracula" },
  });
  return page.facts.searchSections;
}

describe("search sections from the Markdown tree", () => {
  it("splits the intro and each h2/h3, with heading ids (explicit or slugged) as anchors", async () => {
    const sections = await sectionsOf(
      ["# Page title", "", "Intro *text*.", "", "## First part {#custom-id}", "", "One.", "", "### Deeper `code`", "", "Two.", "", "## Second part", "", "Three."].join("\n"),
    );
    expect(sections).toEqual([
      { level: 1, heading: "", anchor: null, text: "Intro text." },
      { level: 2, heading: "First part", anchor: "custom-id", text: "One." },
      { level: 3, heading: "Deeper code", anchor: "deeper-code", text: "Two." },
      { level: 2, heading: "Second part", anchor: "second-part", text: "Three." },
    ]);
  });

  it("reads h4 and deeper as text of their section", async () => {
    const [, section] = await sectionsOf("## Options\n\n#### verbose\n\nPrints more.");
    expect(section).toMatchObject({ heading: "Options", text: "verbose Prints more." });
  });

  it("keeps inline code glued to its punctuation and separates blocks", async () => {
    const [intro] = await sectionsOf("`sql`.`raw` joins\n\n- one\n- two\n\nend");
    expect(intro!.text).toBe("sql.raw joins one two end");
  });

  it("indexes code blocks as their text, with their title and without magic comments", async () => {
    const [, section] = await sectionsOf(
      ["## Example", "", '```ts title="query.ts"', "// highlight-next-line", 'const q = sql`select ${sql.identifier("users")}`;', "```", "", "```sql", "-- highlight-next-line", "select 1;", "```"].join("\n"),
    );
    expect(section!.text).toBe('query.ts const q = sql`select ${sql.identifier("users")}`; select 1;');
  });

  it("indexes admonitions with their title, or the type's name when untitled", async () => {
    const [intro] = await sectionsOf([":::warning[Mind **injection**]", "", "Never pass input.", "", ":::", "", ":::tip", "", "Use values.", "", ":::"].join("\n"));
    expect(intro!.text).toBe("Mind injection Never pass input. Tip Use values.");
  });

  it("indexes every tab's content, not the tab labels, and starts sections at headings inside tabs", async () => {
    const sections = await sectionsOf(
      [
        'import Tabs from "@theme/Tabs";',
        'import TabItem from "@theme/TabItem";',
        "",
        "<Tabs>",
        '  <TabItem value="npm" label="NPM label">',
        "",
        "Install with npm.",
        "",
        "  </TabItem>",
        '  <TabItem value="yarn" label="Yarn label">',
        "",
        "## Yarn setup",
        "",
        "Install with yarn.",
        "",
        "  </TabItem>",
        "</Tabs>",
      ].join("\n"),
    );
    expect(sections.map((section) => [section.heading, section.text])).toEqual([
      ["", "Install with npm."],
      ["Yarn setup", "Install with yarn."],
    ]);
  });

  it("indexes tables cell by cell", async () => {
    const [intro] = await sectionsOf("| Name | Meaning |\n| --- | --- |\n| `names` | parts of the name |");
    expect(intro!.text).toBe("Name Meaning names parts of the name");
  });

  it("indexes links by their text, not their target", async () => {
    const [intro] = await sectionsOf("See [the other page](./other.md) and [`sql.raw`](https://example.org/x).");
    expect(intro!.text).toBe("See the other page and sql.raw.");
  });

  it("indexes JSX components' children, constant strings and titles; skips hidden elements and ESM", async () => {
    const [intro] = await sectionsOf(
      [
        'export const answer = "not indexed";',
        "",
        '<Admonition type="note" title="Custom title">Inside **JSX**</Admonition>',
        "",
        "<details><summary>More</summary>Hidden detail text</details>",
        "",
        '<span aria-hidden="true">decoration</span> <span data-search-ignore>ignored</span> {"literal"} {answer}',
        "",
        "{/* a comment */}",
      ].join("\n"),
    );
    expect(intro!.text).toBe("Custom title Inside JSX More Hidden detail text literal");
  });
});
