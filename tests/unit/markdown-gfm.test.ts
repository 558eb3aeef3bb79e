import fc from "fast-check";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { impossibleAutolinks, remarkGfmForPage } from "../../src/node/markdown/gfm";
import { possibleTableHeads } from "../../src/node/markdown/gfmTables";

const withPageGfm = (source: string) => unified().use(remarkParse).use(remarkGfmForPage, { source }).parse(source);
const withRemarkGfm = (source: string) => unified().use(remarkParse).use(remarkGfm).parse(source);
const run = (source: string) => unified().use(remarkParse).use(remarkGfmForPage, { source }).runSync(withPageGfm(source));

/** The URLs of a tree's links, in document order. */
function linkUrls(node: unknown): string[] {
  const { type, url, children } = node as { type: string; url?: string; children?: unknown[] };
  return [...(type === "link" && url ? [url] : []), ...(children ?? []).flatMap(linkUrls)];
}

describe("GFM autolink literals per page", () => {
  it("still links emails, URLs and www addresses on pages that have them", () => {
    const source = "Mail ada@example.org, read https://example.org/guide or www.example.com today.\n";
    expect(linkUrls(run(source))).toEqual(["mailto:ada@example.org", "https://example.org/guide", "http://www.example.com"]);
  });

  it("leaves out only the constructs a page's text cannot satisfy", () => {
    expect([...impossibleAutolinks("plain words, a `code()` span and **bold**")].sort()).toEqual(["emailAutolink", "protocolAutolink", "wwwAutolink"]);
    expect([...impossibleAutolinks("write to ada@example.org")].sort()).toEqual(["protocolAutolink", "wwwAutolink"]);
    expect([...impossibleAutolinks("see HTTPS://example.org and WWW.example.com")]).toEqual(["emailAutolink"]);
  });

  it("skips the tree's autolink pass only where it can find nothing", () => {
    const treePasses = (source: string) => {
      const processor = unified().use(remarkParse).use(remarkGfmForPage, { source }).freeze();
      const extensions = (processor.data("fromMarkdownExtensions") ?? []).flat() as Array<{ transforms?: Array<{ name: string }> }>;
      return extensions.flatMap((extension) => (extension.transforms ?? []).map((transform) => transform.name));
    };
    expect(treePasses("plain words and `code()`")).not.toContain("transformGfmAutolinkLiterals");
    expect(treePasses("write to ada@example.org")).toContain("transformGfmAutolinkLiterals");
    expect(treePasses("write to ada&#64;example.org")).toContain("transformGfmAutolinkLiterals");
  });

  it("tries a table only on lines followed by one that could be its delimiter row", () => {
    expect([...possibleTableHeads("Intro\n\n| Key | Use |\n| --- | :-: |\n| a | b |\n\n> | q |\n> |---|\n")]).toEqual([3, 7]);
    expect(possibleTableHeads("Words - and | pipes\nmore words\n").size).toBe(0);
    const table = "Some text.\n\n| Key | Use |\n| --- | --- |\n| `a` | first |\n| `b` | second |\n";
    const rows = (run(table) as unknown as { children: Array<{ type: string; children?: unknown[] }> }).children.find((node) => node.type === "table")?.children;
    expect(rows).toHaveLength(3);
  });

  it("parses every page to the same tree as remark-gfm, positions included", () => {
    const alphabet = ["a", "b", "w", "W", ".", "@", ":", "/", "h", "t", "p", "s", " ", "\n", "[", "]", "(", ")", "*", "_", "~", "|", "-", "`", "<", ">", "!", "x", "1"];
    const words = ["www.", "http://", "https://", "ada@x.org", "ada&#64;x.org", "&commat;", "&#x40;x.io", "| a | b |\n| - | - |\n", "- [ ] ", "[^1]", "[^1]: note\n", "~~gone~~",
      "> | a |\n> | :-: |\n> | b |\n", "- | a |\n  | --- |\n  | b |\n", "a|b\n-|-\n", "| x |\r\n|---|\r\n| y |\r\n", "| x |\r|---|\r", "\t| x |\n\t| - |\n", "---\n", "- - -\n", "| c |\n"];
    const text = fc.array(fc.oneof(fc.constantFrom(...alphabet), fc.constantFrom(...words)), { maxLength: 60 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (source) => {
        expect(withPageGfm(source)).toEqual(withRemarkGfm(source));
      }),
      { numRuns: 400 },
    );
  });
});
