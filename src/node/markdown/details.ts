import type { Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";

export const DETAILS_COMPONENT = "Details";

/**
 * `<details>` written in Markdown is literal JSX, which MDX never maps
 * through the components map; renaming it to `<Details>` gives it the
 * styled, animated collapsible. `<summary>` inside is left as is.
 */
export function remarkDetails() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if ((node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") && (node as MdxJsxFlowElement | MdxJsxTextElement).name === "details") {
        (node as MdxJsxFlowElement).name = DETAILS_COMPONENT;
      }
    });
  };
}
