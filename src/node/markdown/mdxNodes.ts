import type { Program } from "estree";
import type { BlockContent, PhrasingContent, RootContent } from "mdast";
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { MdxjsEsm } from "mdast-util-mdxjs-esm";

/** Small builders for the MDX syntax-tree nodes the feature plugins create. */

export type JsxAttributeValue = string | number | boolean | undefined | { identifier: string };

function identifierExpression(name: string): Program {
  return {
    type: "Program",
    sourceType: "module",
    body: [{ type: "ExpressionStatement", expression: { type: "Identifier", name } }],
  };
}

/** Attributes from a plain object; `undefined` and `false` are left out, `true` is a bare attribute. */
export function jsxAttributes(props: Record<string, JsxAttributeValue>): MdxJsxAttribute[] {
  const attributes: MdxJsxAttribute[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (value === true) attributes.push({ type: "mdxJsxAttribute", name, value: null });
    else if (typeof value === "object")
      attributes.push({
        type: "mdxJsxAttribute",
        name,
        value: { type: "mdxJsxAttributeValueExpression", value: value.identifier, data: { estree: identifierExpression(value.identifier) } },
      });
    else attributes.push({ type: "mdxJsxAttribute", name, value: String(value) });
  }
  return attributes;
}

export function jsxFlowElement(name: string, props: Record<string, JsxAttributeValue>, children: (BlockContent | RootContent)[] = []): MdxJsxFlowElement {
  return { type: "mdxJsxFlowElement", name, attributes: jsxAttributes(props), children: children as MdxJsxFlowElement["children"] };
}

export function jsxTextElement(name: string, props: Record<string, JsxAttributeValue>, children: PhrasingContent[] = []): MdxJsxTextElement {
  return { type: "mdxJsxTextElement", name, attributes: jsxAttributes(props), children };
}

/** `import name from "source"` (or a bare `import "source"` without a name). */
export function esmImport(source: string, defaultName?: string): MdxjsEsm {
  const literal = { type: "Literal" as const, value: source, raw: JSON.stringify(source) };
  const specifiers = defaultName
    ? [{ type: "ImportDefaultSpecifier" as const, local: { type: "Identifier" as const, name: defaultName } }]
    : [];
  return {
    type: "mdxjsEsm",
    value: defaultName ? `import ${defaultName} from ${JSON.stringify(source)};` : `import ${JSON.stringify(source)};`,
    data: { estree: { type: "Program", sourceType: "module", body: [{ type: "ImportDeclaration", specifiers, source: literal, attributes: [] }] } },
  };
}

/** The string value of a plain (non-expression) JSX attribute. */
export function attributeValue(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): string | true | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type !== "mdxJsxAttribute" || attribute.name !== name) continue;
    if (attribute.value === null || attribute.value === undefined) return true;
    if (typeof attribute.value === "string") return attribute.value;
    // A literal in braces: title={"x"} or showLineNumbers={3}.
    const expression = attribute.value.data?.estree?.body[0];
    if (expression?.type === "ExpressionStatement" && expression.expression.type === "Literal") {
      const literal = expression.expression.value;
      if (typeof literal === "string" || typeof literal === "number") return String(literal);
      if (literal === true) return true;
    }
    return undefined;
  }
  return undefined;
}

export function setAttribute(node: MdxJsxFlowElement | MdxJsxTextElement, name: string, value: JsxAttributeValue): void {
  node.attributes = node.attributes.filter((attribute) => attribute.type !== "mdxJsxAttribute" || attribute.name !== name);
  node.attributes.push(...jsxAttributes({ [name]: value }));
}
