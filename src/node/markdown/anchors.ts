import type { Link, Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import type { FeatureContext } from "./featureContext";

/** Every id an element of this page will have: headings, JSX/HTML `id`s, footnotes. */
export function anchorsOfTree(tree: Root): Set<string> {
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
