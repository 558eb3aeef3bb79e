import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";
import { jsxTextElement } from "./mdxNodes";

/**
 * ```mermaid fences become <Mermaid value="…"/> when the site turns diagrams
 * on (Docusaurus' `markdown: { mermaid: true }`); otherwise they stay code
 * blocks, as in Docusaurus. https://docusaurus.io/docs/markdown-features/diagrams
 */
export function remarkMermaid(options: { enabled: boolean }) {
  return (tree: Root) => {
    if (!options.enabled) return;
    visit(tree, "code", (node: Code, index, parent) => {
      if (node.lang !== "mermaid" || !parent || index === undefined) return;
      const element = { ...jsxTextElement("Mermaid", { value: node.value }), type: "mdxJsxFlowElement" as const };
      element.position = node.position;
      parent.children[index] = element as unknown as Code;
    });
  };
}
