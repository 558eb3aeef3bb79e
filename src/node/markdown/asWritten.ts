import type { Link, RootContent } from "mdast";

/** Where a link or image in the page should point once the page is read outside the site. */
export interface UrlResolver {
  /**
   * A link's target (a route such as "/pg-sql2/api/sql#example", an external URL, "#id") as the
   * absolute URL to write; `toMarkdownPage` when the author linked a Markdown file (now its route).
   */
  link(url: string, toMarkdownPage: boolean): string;
  /** An image's source: the absolute URL, or undefined when it has none outside the built page (a bundled relative image). */
  image(url: string): string | undefined;
}

/** Nodes that hold nothing the plain copy rewrites (images, code meta, components, directives and headings' ids it does). */
const KEPT_TYPES = new Set(["paragraph", "heading", "text", "strong", "emphasis", "inlineCode", "delete", "break", "list", "listItem", "blockquote", "thematicBreak", "table", "tableRow", "tableCell"]);
/** Nodes the copy leaves out (imports, exports, `{…}` comments): they do not separate what is around them. */
export const NOT_SHOWN_TYPES = new Set(["mdxjsEsm", "mdxFlowExpression"]);

interface Edit {
  start: number;
  end: number;
  text: string;
}

const offsets = (node: RootContent): [number, number] | undefined => {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : [start, end];
};

/** A link destination as Markdown writes it: in angle brackets when it holds a space or a parenthesis. */
function destination(url: string): string | undefined {
  if (/[<>\n]/.test(url)) return undefined;
  return /[\s()]/.test(url) ? `<${url}>` : url;
}

/**
 * `[label](target)` with the target the copy gives it and the label as written; an autolink stays
 * as written when its target does. Undefined when only the serializer can write it (a title, a
 * label holding what the copy rewrites).
 */
function linkEdit(link: Link, source: string, urls: UrlResolver, keptInside: (node: RootContent) => boolean): Edit | undefined {
  const range = offsets(link);
  if (!range || link.title || !link.children.every(keptInside)) return undefined;
  const target = urls.link(link.url, (link.data as { markdownPage?: boolean } | undefined)?.markdownPage === true);
  const [start, end] = range;
  if (source[start] !== "[") return target === link.url ? { start, end, text: source.slice(start, end) } : undefined;
  const first = link.children.length > 0 ? offsets(link.children[0]) : undefined;
  const last = link.children.length > 0 ? offsets(link.children[link.children.length - 1]) : undefined;
  if (link.children.length > 0 && (!first || !last)) return undefined;
  const label = first && last ? source.slice(first[0], last[1]) : "";
  const written = destination(target);
  return written === undefined ? undefined : { start, end, text: `[${label}](${written})` };
}

/**
 * A top-level block as the author wrote it, its links' targets made absolute: when nothing else in
 * it is rewritten (a code block has no meta, a heading no id of its own), it starts a line, and it is
 * not a list beside another list (two lists one after the other read as one unless their markers
 * differ, which only the serializer keeps apart). Undefined when the block needs the serializer.
 */
export function asWritten(node: RootContent, source: string, urls: UrlResolver, neighbours: (RootContent | undefined)[]): string | undefined {
  const range = offsets(node);
  if (!range || node.position?.start.column !== 1) return undefined;
  if (node.type === "list" && neighbours.some((other) => other?.type === "list")) return undefined;
  const edits: Edit[] = [];
  const kept = (inner: RootContent): boolean => {
    if (inner.type === "link") {
      const edit = linkEdit(inner, source, urls, kept);
      if (edit) edits.push(edit);
      return edit !== undefined;
    }
    if (!KEPT_TYPES.has(inner.type) && !(inner.type === "code" && !inner.meta)) return false;
    return !("children" in inner) || (inner.children as RootContent[]).every(kept);
  };
  if (!kept(node)) return undefined;
  let text = "";
  let at = range[0];
  for (const edit of edits) {
    text += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  text += source.slice(at, range[1]);
  // A heading's `{#id}` is the site's, not the reader's.
  return node.type === "heading" && text.includes("{#") ? undefined : text;
}
