import type { Element, ElementContent, Root } from "hast";
import { visit } from "unist-util-visit";

function textOf(nodes: ElementContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === "text") return node.value;
      if (node.type === "element" && node.tagName !== "ul" && node.tagName !== "ol" && node.tagName !== "input") return textOf(node.children);
      return "";
    })
    .join("");
}

/**
 * GFM task-list checkboxes have no label, so a screen reader announces
 * "checkbox, checked" without saying what is done. Each gets the text of its
 * list item (without nested lists) as its accessible name.
 */
export function rehypeTaskListLabels() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "li" || !String(node.properties.className ?? "").includes("task-list-item")) return;
      const label = textOf(node.children).replace(/\s+/g, " ").trim();
      if (!label) return;
      visit(node, "element", (inner: Element) => {
        if (inner.tagName === "input" && inner.properties.type === "checkbox" && inner.properties.ariaLabel === undefined) inner.properties.ariaLabel = label;
      });
    });
  };
}
