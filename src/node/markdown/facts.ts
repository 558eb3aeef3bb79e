import type { Definition, Link, Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { isExternalUrl } from "../../core/paths";
import type { TocItem } from "../../core/types";
import type { SearchSection } from "../../core/search/types";
import { anchorsOfTree } from "./anchors";
import type { PlainCopy } from "./plainCopy";

/** A link a page makes, as the reader will follow it, and the line it is written on. */
export interface PageLink {
  url: string;
  line?: number;
}

/**
 * What the one compile of a page knows that others need: the link check reads
 * `ids` and `links`, the table of contents `toc`, the search index the sections.
 * Plain data, so it crosses worker threads and caches.
 */
export interface PageFacts {
  toc: TocItem[];
  contentTitle?: string;
  /** Every id an element of the page will have: headings, JSX `id`s, footnotes. */
  ids: string[];
  /** Site-internal links (external URLs are left out), after Markdown file links became routes. */
  links: PageLink[];
  /** The page's text by heading section, for the search index (see searchSections.ts). */
  searchSections: SearchSection[];
  /** The page as plain Markdown, when it is a route and the site's URL was given (see plainCopy.ts). */
  plainCopy?: PlainCopy;
}

const LINK_ATTRIBUTES = new Set(["href", "to"]);

/** JSX links written in MDX (`<a href>`, `<Link to>`) with a literal target. */
function jsxLinkTarget(node: MdxJsxFlowElement | MdxJsxTextElement): string | undefined {
  if (node.name !== "a" && node.name !== "Link") return undefined;
  for (const attribute of node.attributes) {
    if (attribute.type === "mdxJsxAttribute" && LINK_ATTRIBUTES.has(attribute.name) && typeof attribute.value === "string") return attribute.value;
  }
  return undefined;
}

/** Runs last among the remark plugins: records the page's ids and links in `file.data.facts`. */
export function remarkCollectFacts() {
  return (tree: Root, file: VFile) => {
    const links: PageLink[] = [];
    const add = (url: string | undefined, line: number | undefined) => {
      if (url && !isExternalUrl(url)) links.push({ url, line });
    };
    visit(tree, (node) => {
      if (node.type === "link" || node.type === "definition") add((node as Link | Definition).url, node.position?.start.line);
      else if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        add(jsxLinkTarget(node as MdxJsxFlowElement), node.position?.start.line);
      }
    });
    const facts: PageFacts = {
      toc: (file.data.toc as TocItem[] | undefined) ?? [],
      contentTitle: file.data.contentTitle as string | undefined,
      ids: [...anchorsOfTree(tree)],
      links,
      searchSections: (file.data.searchSections as SearchSection[] | undefined) ?? [],
      ...(file.data.plainCopy ? { plainCopy: file.data.plainCopy as PlainCopy } : {}),
    };
    file.data.facts = facts;
  };
}

/**
 * A copy of a page's facts with `changes` made, its other fields copied as they are: a stored
 * page's search sections, read from its cache entry when first used (bundle/storedPage.ts), stay
 * unread, where a spread would read 2,000 entries again for a field no one asked for.
 */
export function copyFacts(facts: PageFacts, changes: Partial<PageFacts>): PageFacts {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(facts)) as PageFacts;
  for (const [field, value] of Object.entries(changes)) Object.defineProperty(copy, field, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
