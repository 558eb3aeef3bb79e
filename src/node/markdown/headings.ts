import type { Heading, Root, Text } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import type { TocItem } from "../../core/types";
import { EXPLICIT_HEADING_ID, headingIds } from "./headingIds";

/**
 * Gives every heading an id (an explicit `{#id}` or a GitHub-style slug of
 * its text) and records the headings for the table of contents in
 * `file.data.toc`; the first h1, if any, is recorded as `file.data.contentTitle`.
 */
export function remarkHeadings() {
  return (tree: Root, file: VFile) => {
    const idOf = headingIds();
    const toc: TocItem[] = [];
    visit(tree, "heading", (node: Heading) => {
      let explicitId: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last && last.type === "text") {
        const match = EXPLICIT_HEADING_ID.exec((last as Text).value);
        if (match) {
          explicitId = match[1];
          (last as Text).value = (last as Text).value.replace(EXPLICIT_HEADING_ID, "");
        }
      }
      const text = toString(node).trim();
      const id = idOf(text, explicitId);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      if (node.depth === 1) {
        if (file.data.contentTitle === undefined) file.data.contentTitle = text;
        return;
      }
      toc.push({ value: text, id, level: node.depth });
    });
    file.data.toc = toc;
  };
}
