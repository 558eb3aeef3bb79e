import type { Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { FeatureContext } from "./featureContext";
import { attributeValue } from "./mdxNodes";

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

function isJsx(node: { type: string }): node is JsxElement {
  return node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement";
}

/**
 * Mistakes in `<Tabs>` that would otherwise only show in the browser (a tab
 * that never appears, two tabs fighting over one value) are warnings naming
 * the line: a TabItem without a value, a value used twice in one group, and
 * a TabItem outside any Tabs.
 */
export function remarkCheckTabs(context: FeatureContext) {
  return (tree: Root) => {
    const warn = (message: string, line?: number) => context.warn({ file: context.file, line, message });
    const walk = (node: { type: string; children?: unknown[] }, insideTabs: boolean) => {
      const here = isJsx(node) ? check(node, insideTabs) : insideTabs;
      for (const child of node.children ?? []) walk(child as { type: string }, here);
    };
    /** Checks one element; returns whether its children are inside a Tabs group. */
    const check = (node: JsxElement, insideTabs: boolean): boolean => {
      if (node.name === "TabItem" && !insideTabs) {
        warn("<TabItem> outside a <Tabs> group is shown on its own, without tabs", node.position?.start.line);
      }
      if (node.name !== "Tabs") return insideTabs;
      const seen = new Map<string, number | undefined>();
      for (const child of node.children) {
        if (!isJsx(child) || child.name !== "TabItem") continue;
        const line = child.position?.start.line;
        const hasExpression = child.attributes.some((attribute) => attribute.type === "mdxJsxExpressionAttribute" || (attribute.name === "value" && typeof attribute.value === "object" && attribute.value !== null));
        const value = attributeValue(child, "value");
        if (hasExpression) continue;
        if (typeof value !== "string") {
          warn('<TabItem> needs a value="…" (it is left out of its tab group)', line);
          continue;
        }
        if (seen.has(value)) warn(`<TabItem value="${value}"> appears twice in one <Tabs> group (first at line ${seen.get(value) ?? "?"})`, line);
        else seen.set(value, line);
      }
      return true;
    };
    walk(tree, false);
  };
}
