import type { BlockContent, Heading, Image, Link, Paragraph, PhrasingContent, Root, RootContent, Text } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { gfmToMarkdown } from "mdast-util-gfm";
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { toMarkdown, type Options as ToMarkdownOptions } from "mdast-util-to-markdown";
import { toString } from "mdast-util-to-string";
import { ADMONITION_TYPES } from "../../core/constants";
import { asWritten, NOT_SHOWN_TYPES, type UrlResolver } from "./asWritten";

export type { UrlResolver } from "./asWritten";

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type AnyNode = RootContent | Root;

const text = (value: string): Text => ({ type: "text", value });
const strongParagraph = (label: PhrasingContent[]): Paragraph => ({ type: "paragraph", children: [{ type: "strong", children: label }] });
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function isJsx(node: AnyNode): node is JsxElement {
  return node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement";
}

function attribute(node: JsxElement, name: string): string | undefined {
  const found = node.attributes.find((candidate): candidate is MdxJsxAttribute => candidate.type === "mdxJsxAttribute" && candidate.name === name);
  return typeof found?.value === "string" ? found.value : undefined;
}

const PHRASING = new Set(["text", "strong", "emphasis", "inlineCode", "link", "linkReference", "image", "imageReference", "break", "delete", "footnoteReference", "html"]);

/** Phrasing content as flow content: loose text of a JSX block becomes a paragraph. */
function asBlocks(nodes: RootContent[]): RootContent[] {
  const blocks: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((node) => node.type !== "text" || node.value.trim() !== "")) blocks.push({ type: "paragraph", children: run });
    run = [];
  };
  for (const node of nodes) {
    if (PHRASING.has(node.type)) run.push(node as PhrasingContent);
    else {
      flush();
      blocks.push(node);
    }
  }
  flush();
  return blocks;
}

/** A callout: a blockquote opening with its bold label. */
function callout(type: string, title: PhrasingContent[], content: RootContent[]): RootContent {
  const known = (ADMONITION_TYPES as readonly string[]).includes(type.toLowerCase()) ? type.toLowerCase() : "note";
  const label: PhrasingContent[] = [text(capitalized(known)), ...(title.length > 0 ? [text(": "), ...title] : [])];
  return { type: "blockquote", children: [strongParagraph(label), ...asBlocks(content)] as BlockContent[] };
}

/** `:::type[title]` → a blockquote that opens with the bold type label (and title), as GitHub readers expect of a callout. */
function admonition(node: ContainerDirective, convert: (nodes: RootContent[]) => RootContent[]): RootContent {
  const children = [...node.children] as RootContent[];
  const first = children[0];
  const hasTitle = first?.type === "paragraph" && Boolean((first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
  const title = hasTitle ? (children.shift() as Paragraph).children : [];
  return callout(node.name, title, convert(children));
}

/** A string literal or a template literal without substitutions (`<CodeBlock>{`…`}</CodeBlock>`): its text. */
function literalText(expression: string): string | undefined {
  const match = /^\s*(`([^`$\\]*)`|"([^"\\]*)"|'([^'\\]*)')\s*$/.exec(expression);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

/**
 * A JSX element's children with the paragraphs MDX made of elements written on
 * one line (`<TabItem value="a">text</TabItem>`, `<summary>…</summary>`) opened up.
 */
function elementChildren(node: JsxElement): RootContent[] {
  return (node.children as RootContent[]).flatMap((child) => {
    if (child.type !== "paragraph" || !child.children.some(isJsx)) return [child];
    return child.children.filter((inner) => isJsx(inner) || inner.type !== "text" || inner.value.trim() !== "");
  });
}

/** `<Tabs>`: every `<TabItem>` as its bold label followed by its content, in order. */
function tabs(node: JsxElement, convert: (nodes: RootContent[]) => RootContent[]): RootContent[] {
  return elementChildren(node).flatMap((child) => {
    if (!isJsx(child) || child.name !== "TabItem") return convert([child]);
    const label = attribute(child, "label") ?? attribute(child, "value") ?? "Tab";
    return [strongParagraph([text(label)]), ...asBlocks(convert(child.children as RootContent[]))];
  });
}

/** `<details>`: its `<summary>` in bold, then the hidden content, all shown. */
function details(node: JsxElement, convert: (nodes: RootContent[]) => RootContent[]): RootContent[] {
  const children = elementChildren(node);
  const summary = children.find((child): child is JsxElement => isJsx(child) && child.name === "summary");
  const rest = children.filter((child) => child !== summary);
  const label = summary ? (asBlocks(convert(summary.children as RootContent[]))[0] as Paragraph | undefined)?.children ?? [] : [text("Details")];
  return [strongParagraph(label), ...asBlocks(convert(rest))];
}

/** A JSX element as Markdown: the ones with a Markdown meaning become it; any other shows its children. */
function jsxElement(node: JsxElement, convert: (nodes: RootContent[]) => RootContent[], urls: UrlResolver): RootContent[] {
  const flow = node.type === "mdxJsxFlowElement";
  const inner = () => convert(node.children as RootContent[]);
  switch (node.name) {
    case "Tabs":
      return tabs(node, convert);
    case "details":
    case "Details":
      return details(node, convert);
    case "a":
    case "Link": {
      const href = attribute(node, "href") ?? attribute(node, "to");
      if (href === undefined) return flow ? asBlocks(inner()) : inner();
      const link: Link = { type: "link", url: urls.link(href, false), children: inner() as PhrasingContent[] };
      return flow ? [{ type: "paragraph", children: [link] }] : [link];
    }
    case "img": {
      const source = attribute(node, "src");
      const url = source === undefined ? undefined : urls.image(source);
      const alt = attribute(node, "alt") ?? "";
      const image: PhrasingContent = url === undefined ? { type: "emphasis", children: [text(alt || "image")] } : { type: "image", url, alt };
      return flow ? [{ type: "paragraph", children: [image] }] : [image];
    }
    case "Admonition":
      return [callout(attribute(node, "type") ?? "note", attribute(node, "title") ? [text(attribute(node, "title")!)] : [], inner())];
    case "CodeBlock": {
      const only = node.children.length === 1 ? (node.children[0] as RootContent) : undefined;
      const value = only?.type === "mdxFlowExpression" || only?.type === "mdxTextExpression" ? literalText(only.value) : toString(node);
      if (value === undefined) return flow ? asBlocks(inner()) : inner();
      return [{ type: "code", lang: attribute(node, "language") ?? null, meta: null, value: value.replace(/\n$/, "") }];
    }
    case "br":
      return flow ? [] : [{ type: "break" }];
    default:
      return flow ? asBlocks(inner()) : inner();
  }
}

/** Rewrites one node (and what it holds) into nodes plain Markdown has. */
function convertNode(node: RootContent, convert: (nodes: RootContent[]) => RootContent[], urls: UrlResolver): RootContent[] {
  switch (node.type) {
    case "mdxjsEsm":
    case "mdxFlowExpression":
    case "mdxTextExpression":
      // Imports, exports and {expressions} (MDX comments among them) have no text a reader sees.
      return [];
    case "mdxJsxFlowElement":
    case "mdxJsxTextElement":
      return jsxElement(node, convert, urls);
    case "containerDirective":
      return [admonition(node, convert)];
    case "leafDirective":
    case "textDirective":
      return convert(node.children as RootContent[]);
    case "code":
      // The meta (title=…, {1,3}, showLineNumbers) drives the site's rendering only.
      return [{ ...node, meta: null }];
    case "link":
    case "definition":
      return [{ ...node, url: urls.link(node.url, (node.data as { markdownPage?: boolean } | undefined)?.markdownPage === true), ...("children" in node ? { children: convert(node.children) as PhrasingContent[] } : {}) } as RootContent];
    case "image": {
      const url = urls.image(node.url);
      return [url === undefined ? { type: "emphasis", children: [text(node.alt || "image")] } : ({ ...node, url } as Image)];
    }
    case "paragraph": {
      // A component written inline may have become blocks (a callout, a tab's label): the paragraph splits around them.
      const children = convert(node.children);
      return children.every((child) => PHRASING.has(child.type)) ? [{ ...node, children: children as PhrasingContent[] }] : asBlocks(children);
    }
    default:
      return "children" in node ? [{ ...node, children: convert(node.children as RootContent[]) } as RootContent] : [node];
  }
}

/** The tree with every MDX and directive node replaced by its plain-Markdown equivalent. */
export function plainTree(tree: Root, urls: UrlResolver): Root {
  const convert = (nodes: RootContent[]): RootContent[] => nodes.flatMap((node) => convertNode(node, convert, urls));
  return { type: "root", children: convert(tree.children) };
}

/** The page's own H1, when its Markdown opens with one (that is then its title, as the site shows it). */
export function leadingTitle(tree: Root): Heading | undefined {
  const first = tree.children.find((node) => node.type !== "mdxjsEsm" && node.type !== "mdxFlowExpression");
  return first?.type === "heading" && first.depth === 1 ? first : undefined;
}

/** Made once: the GFM extension's unsafe-character patterns are compiled on first use and kept on it. */
const TO_MARKDOWN: ToMarkdownOptions = { extensions: [gfmToMarkdown({ tablePipeAlign: false })], bullet: "-", fences: true, rule: "-" };

/**
 * The page's text as plain Markdown, without its own H1 (whoever shows it puts the page title
 * above). Given the source the tree was parsed from, blocks with nothing to rewrite are copied from
 * it as the author wrote them and only the rest is serialized: serializing every block was a tenth
 * of a page's compile.
 */
export function plainBody(tree: Root, urls: UrlResolver, source?: string): string {
  const own = leadingTitle(tree);
  const blocks = tree.children.filter((node) => node !== own);
  if (source === undefined) return toMarkdown(plainTree({ type: "root", children: blocks }, urls), TO_MARKDOWN);
  const shown = blocks.filter((node) => !NOT_SHOWN_TYPES.has(node.type));
  const placeOf = new Map(shown.map((node, index) => [node, index]));
  const parts: string[] = [];
  let serialized: RootContent[] = [];
  const flush = () => {
    const markdown = serialized.length > 0 ? toMarkdown(plainTree({ type: "root", children: serialized }, urls), TO_MARKDOWN).replace(/\n+$/, "") : "";
    if (markdown !== "") parts.push(markdown);
    serialized = [];
  };
  for (const node of blocks) {
    const index = placeOf.get(node);
    const written = index === undefined ? undefined : asWritten(node, source, urls, [shown[index - 1], shown[index + 1]]);
    if (written === undefined) serialized.push(node);
    else {
      flush();
      parts.push(written);
    }
  }
  flush();
  return parts.length > 0 ? `${parts.join("\n\n")}\n` : "";
}

/** The first sentence of the page's first paragraph of prose, on one line: a summary for pages without a description. */
export function firstSentence(tree: Root): string {
  const first = tree.children.find((node) => node.type === "paragraph");
  if (!first) return "";
  const paragraph = plainTree({ type: "root", children: [first] }, { link: (url) => url, image: () => undefined });
  const flat = toString(paragraph).replace(/\s+/g, " ").trim();
  const match = /^(.+?[.!?])(?=\s|$)/.exec(flat);
  return match ? match[1] : flat;
}
