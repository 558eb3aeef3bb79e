import type { Root as HastRoot, RootContent as HastContent } from "hast";
import type { Root, RootContent } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { toString } from "mdast-util-to-string";
import { unified } from "unified";
import type { BlogHtmlNode } from "../../src/core/blog";
import { escapeHtml } from "../../src/core/html";
import { isExternalUrl } from "../../src/core/paths";
import { SiteError } from "../../src/node/errors";

/** Both ways Docusaurus marks where a post's excerpt ends. */
export const TRUNCATE_MARKER = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

const KEPT_ATTRIBUTES = new Set(["href", "src", "alt", "title", "id", "className", "start", "colSpan", "rowSpan"]);
const DROPPED_NODES = new Set(["mdxjsEsm", "mdxFlowExpression", "mdxTextExpression", "html"]);
const UNWRAPPED_NODES = new Set(["mdxJsxFlowElement", "mdxJsxTextElement", "containerDirective", "leafDirective", "textDirective"]);

/** JSX, expressions and imports only run inside the real MDX compile: the excerpt keeps what they wrap. */
function simplify(nodes: RootContent[]): RootContent[] {
  return nodes.flatMap((node): RootContent[] => {
    if (DROPPED_NODES.has(node.type)) return [];
    const children = (node as { children?: RootContent[] }).children;
    if (UNWRAPPED_NODES.has(node.type)) return simplify(children ?? []);
    if (children) (node as { children: RootContent[] }).children = simplify(children);
    return [node];
  });
}

export interface ParsedMarkdown {
  tree: Root;
}

/** Parses a post's Markdown (MDX syntax, as every page is compiled) for excerpts, feeds, description and reading time. */
export function parseMarkdown(body: string, file: string): Root {
  try {
    const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
    const tree = processor.runSync(processor.parse(body.replace(/<!--[\s\S]*?-->/g, ""))) as Root;
    tree.children = simplify(tree.children);
    return tree;
  } catch (error) {
    const place = error as { line?: number; column?: number; reason?: string; message: string };
    throw new SiteError(`${file}${place.line ? `:${place.line}:${place.column ?? 1}` : ""}: ${place.reason ?? place.message}`, { cause: error });
  }
}

/** The text of the first paragraph: a post's description when its front matter has none. */
export function firstParagraph(tree: Root): string {
  const paragraph = tree.children.find((node) => node.type === "paragraph");
  return paragraph ? toString(paragraph).replace(/\s+/g, " ").trim() : "";
}

export function wordCount(tree: Root): number {
  return toString(tree).split(/\s+/).filter(Boolean).length;
}

export interface LinkRewrite {
  /** Where a link written in the post leads; undefined drops the link and keeps its text. */
  (url: string): string | undefined;
}

function toNodes(nodes: HastContent[], rewrite: LinkRewrite): BlogHtmlNode[] {
  const out: BlogHtmlNode[] = [];
  for (const node of nodes) {
    if (node.type === "text") out.push(node.value);
    else if (node.type === "element") {
      const children = toNodes(node.children as HastContent[], rewrite);
      const attributes: Record<string, string> = {};
      for (const [name, value] of Object.entries(node.properties ?? {})) {
        if (!KEPT_ATTRIBUTES.has(name) || value === undefined || value === null || value === false) continue;
        attributes[name] = Array.isArray(value) ? value.join(" ") : String(value);
      }
      if (node.tagName === "a" && attributes.href !== undefined) {
        const target = rewrite(attributes.href);
        if (target === undefined) {
          out.push(...children);
          continue;
        }
        attributes.href = target;
      }
      // An image beside the post (./cover.png) is bundled by the post's own compile, which the excerpt is not.
      if (node.tagName === "img" && !(attributes.src && (isExternalUrl(attributes.src) || attributes.src.startsWith("/")))) continue;
      out.push([node.tagName, attributes, ...children]);
    }
  }
  return out;
}

/** Markdown to the plain tree the theme renders (BlogExcerpt) and the feeds serialise. */
export function toHtmlNodes(tree: Root, rewrite: LinkRewrite): BlogHtmlNode[] {
  const processor = unified().use(remarkRehype);
  const hast = processor.runSync(structuredClone(tree)) as HastRoot;
  return toNodes(hast.children, rewrite);
}

const VOID_ELEMENTS = new Set(["img", "br", "hr", "input"]);
const HTML_ATTRIBUTE: Record<string, string> = { className: "class", colSpan: "colspan", rowSpan: "rowspan" };

/** The tree as HTML, for feed entries. */
export function toHtml(nodes: BlogHtmlNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeHtml(node);
      const [tag, attributes, ...children] = node;
      const attrs = Object.entries(attributes).map(([name, value]) => ` ${HTML_ATTRIBUTE[name] ?? name}="${escapeHtml(value)}"`).join("");
      return VOID_ELEMENTS.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${toHtml(children)}</${tag}>`;
    })
    .join("");
}
