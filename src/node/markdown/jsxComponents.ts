import type { Node as EstreeNode, Program } from "estree";
import type { Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { MDX_COMPONENT_NAMES } from "../../core/mdxComponentNames";
import { esmImport } from "./mdxNodes";

/** Calls `enter` for every node of an estree tree. */
function walk(node: unknown, enter: (node: EstreeNode & { name?: unknown }) => void): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, enter);
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.type === "string") enter(node as EstreeNode);
  for (const [key, value] of Object.entries(record)) {
    if (key === "loc" || key === "range" || key === "position" || key === "data") continue;
    if (value && typeof value === "object") walk(value, enter);
  }
}

/** Names bound by patterns: `a`, `{ a, b: c }`, `[a, ...b]`, `a = 1`. */
function patternNames(pattern: unknown, out: Set<string>): void {
  if (!pattern || typeof pattern !== "object") return;
  const node = pattern as { type: string; name?: string; properties?: unknown[]; elements?: unknown[]; argument?: unknown; left?: unknown; value?: unknown };
  if (node.type === "Identifier" && node.name) out.add(node.name);
  else if (node.type === "ObjectPattern") for (const property of node.properties ?? []) patternNames((property as { value?: unknown; argument?: unknown }).value ?? (property as { argument?: unknown }).argument, out);
  else if (node.type === "ArrayPattern") for (const element of node.elements ?? []) patternNames(element, out);
  else if (node.type === "RestElement") patternNames(node.argument, out);
  else if (node.type === "AssignmentPattern") patternNames(node.left, out);
}

/** Every name a program (or expression) declares: imports, exports, functions, classes, variables, parameters. */
function declaredNames(program: Program | undefined, out: Set<string>): void {
  walk(program, (node) => {
    switch (node.type) {
      case "ImportSpecifier":
      case "ImportDefaultSpecifier":
      case "ImportNamespaceSpecifier":
        out.add(node.local.name);
        break;
      case "VariableDeclarator":
        patternNames(node.id, out);
        break;
      case "FunctionDeclaration":
      case "ClassDeclaration":
        if (node.id) out.add(node.id.name);
        if (node.type === "FunctionDeclaration") for (const param of node.params) patternNames(param, out);
        break;
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        for (const param of node.params) patternNames(param, out);
        break;
      case "CatchClause":
        patternNames(node.param, out);
        break;
      default:
        break;
    }
  });
}

interface JsxUse {
  name: string;
  line?: number;
  column?: number;
}

/** The identifier a JSX name needs in scope: `Foo` for `<Foo>`, `Foo` for `<Foo.Bar>`; none for HTML tags. */
function rootComponentName(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const root = name.split(".")[0];
  if (name.includes(".")) return root;
  if (!/^[A-Z_$]/.test(root) || root.includes("-") || root.includes(":")) return undefined;
  return root;
}

const THEME_COMPONENTS = new Set<string>(MDX_COMPONENT_NAMES);

/**
 * MDX only notices a missing component when the page renders, and then the
 * page crashes. This finds, at compile time, every JSX component a page uses
 * that is neither imported, nor exported/defined in the page, nor one of the
 * theme's MDX components, and fails the build naming file:line:column.
 *
 * The theme components a page uses are imported by the page itself
 * (`import Tabs from "@theme/Tabs"`), so each page's chunk pulls in only what
 * it renders instead of every page loading all of them up front.
 */
export function remarkCheckJsxComponents(options: { extraNames?: readonly string[] } = {}) {
  return (tree: Root, file: VFile) => {
    // `props` is in scope in every MDX page; a swizzled MDXComponents adds its own globals.
    const declared = new Set<string>([...(options.extraNames ?? []), "props"]);
    const uses: JsxUse[] = [];
    visit(tree, (node) => {
      if (node.type === "mdxjsEsm" || node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") {
        const program = (node.data as { estree?: Program } | undefined)?.estree;
        declaredNames(program, declared);
        walk(program, (inner) => {
          const jsx = inner as unknown as { type: string; openingElement?: { name: { type: string; name?: string; object?: unknown } }; loc?: { start: { line: number; column: number } } };
          if (jsx.type !== "JSXElement" || !jsx.openingElement) return;
          let nameNode = jsx.openingElement.name as { type: string; name?: string; object?: unknown };
          const member = nameNode.type === "JSXMemberExpression";
          while (nameNode.type === "JSXMemberExpression") nameNode = nameNode.object as typeof nameNode;
          const name = nameNode.type === "JSXIdentifier" ? nameNode.name : undefined;
          const root = member ? name : rootComponentName(name);
          if (root) uses.push({ name: root, line: jsx.loc?.start.line, column: jsx.loc ? jsx.loc.start.column + 1 : undefined });
        });
      }
      if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        const element = node as MdxJsxFlowElement | MdxJsxTextElement;
        const root = rootComponentName(element.name);
        if (root) uses.push({ name: root, line: element.position?.start.line, column: element.position?.start.column });
        for (const attribute of element.attributes) {
          const program = (attribute.type === "mdxJsxExpressionAttribute" ? attribute.data?.estree : typeof attribute.value === "object" ? attribute.value?.data?.estree : undefined) as Program | undefined;
          declaredNames(program, declared);
        }
      }
    });
    const themeUsed = new Set(uses.filter((use) => THEME_COMPONENTS.has(use.name) && !declared.has(use.name)).map((use) => use.name));
    tree.children.unshift(...[...themeUsed].sort().map((name) => esmImport(`@theme/${name}`, name)));
    const missing = uses.filter((use) => !declared.has(use.name) && !THEME_COMPONENTS.has(use.name));
    if (missing.length === 0) return;
    const [first, ...rest] = missing;
    const others = rest.length > 0 ? ` (also ${rest.map((use) => `<${use.name}> at line ${use.line ?? "?"}`).join(", ")})` : "";
    const message = `unknown component <${first.name}>${others}: import it, define it with export, or use one the site provides (${MDX_COMPONENT_NAMES.join(", ")})`;
    file.fail(message, { place: first.line !== undefined ? { line: first.line, column: first.column ?? 1 } : undefined, ruleId: "unknown-component", source: "graphile-docs" });
  };
}
