import { readFileSync, statSync } from "node:fs";
import type { Link, Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import type { FeatureContext } from "./featureContext";
import { EXPLICIT_HEADING_ID, headingIds } from "./headingIds";

const HTML_ID = /\bid=["']([^"']+)["']/g;

/** Heading text as the slugger sees it: Markdown syntax removed, as mdast-util-to-string would. */
function plainHeadingText(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(\*\*|__|\*|_|~~|`)/g, "")
    .trim();
}

/**
 * The anchors a Markdown file will have: heading ids (explicit `{#id}` or
 * slugs, as remarkHeadings gives them) and `id="…"` attributes. Read from the
 * source with a light scanner, cached until the file changes.
 */
const idCache = new Map<string, { mtimeMs: number; ids: Set<string> }>();
export function anchorsOfFile(file: string): Set<string> {
  const mtimeMs = statSync(file).mtimeMs;
  const cached = idCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.ids;
  const ids = new Set<string>();
  const idOf = headingIds();
  const lines = readFileSync(file, "utf8").split(/\r?\n/);
  let fence: string | null = null;
  let inFrontMatter = lines[0]?.trim() === "---";
  lines.forEach((line, index) => {
    if (inFrontMatter) {
      if (index > 0 && line.trim() === "---") inFrontMatter = false;
      return;
    }
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1];
      else if (fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    for (const match of line.matchAll(HTML_ID)) ids.add(match[1]);
    let text: string | undefined;
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) text = atx[1];
    else if (/^\s{0,3}(=+|-+)\s*$/.test(line) && index > 0 && lines[index - 1].trim() !== "" && !/^\s{0,3}(#|>|[-*+]\s|\d+\.\s|<|:::|\|)/.test(lines[index - 1])) {
      text = lines[index - 1].trim();
    }
    if (text === undefined) return;
    const explicit = EXPLICIT_HEADING_ID.exec(text);
    ids.add(explicit ? idOf(text, explicit[1]) : idOf(plainHeadingText(text)));
  });
  idCache.set(file, { mtimeMs, ids });
  return ids;
}

/** Every id an element of this page will have: headings, JSX/HTML `id`s, footnotes. */
function anchorsOfTree(tree: Root): Set<string> {
  const ids = new Set<string>();
  visit(tree, (node) => {
    const id = (node.data as { hProperties?: { id?: unknown } } | undefined)?.hProperties?.id;
    if (typeof id === "string") ids.add(id);
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      for (const attribute of (node as MdxJsxFlowElement | MdxJsxTextElement).attributes) {
        if (attribute.type === "mdxJsxAttribute" && attribute.name === "id" && typeof attribute.value === "string") ids.add(attribute.value);
      }
    }
    if (node.type === "footnoteDefinition") ids.add(`user-content-fn-${(node as { identifier: string }).identifier}`);
  });
  return ids;
}

function decode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Links to `#anchor` on the same page that match no id there are warnings naming the line. */
export function remarkCheckAnchors(context: FeatureContext) {
  return (tree: Root) => {
    let ids: Set<string> | undefined;
    visit(tree, "link", (node: Link) => {
      if (!node.url.startsWith("#") || node.url.length < 2) return;
      ids ??= anchorsOfTree(tree);
      const id = decode(node.url.slice(1));
      if (!ids.has(id)) {
        context.warn({ file: context.file, line: node.position?.start.line, message: `broken anchor "${node.url}": no heading or element on this page has the id "${id}"` });
      }
    });
  };
}
