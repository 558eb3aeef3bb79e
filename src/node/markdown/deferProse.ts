import type { Element, ElementContent, Root, RootContent } from "hast";
import type { VFile } from "vfile";
import { DEFERRED_HTML_COMPONENT, deferredHtmlOf } from "./deferredHtml";
import { esmImport, jsxAttributes } from "./mdxNodes";

/**
 * Elements plain Markdown makes whose rendering no theme component changes
 * (the MDX components map has none of them), with the one property each may
 * carry besides its class. Links, headings and images render through
 * components (Link, Heading, Image), so a subtree holding one stays JSX.
 */
const PLAIN_ELEMENTS = new Map<string, string | undefined>([
  ...["p", "ul", "li", "strong", "em", "code", "del", "blockquote", "br", "hr", "table", "thead", "tbody", "tr", "sup", "sub", "kbd"].map((tag) => [tag, undefined] as const),
  ["ol", "start"],
  ["th", "align"],
  ["td", "align"],
]);
const VOID_ELEMENTS = new Set(["br", "hr"]);
/** Below this much HTML, the element is smaller as JSX than as a key and a component. */
const MIN_DEFERRED_LENGTH = 80;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

function isPlain(node: ElementContent): boolean {
  if (node.type === "text") return true;
  if (node.type !== "element" || !PLAIN_ELEMENTS.has(node.tagName)) return false;
  const allowed = PLAIN_ELEMENTS.get(node.tagName);
  const ownProperties = Object.keys(node.properties).every((name) => name === "className" || name === allowed);
  return ownProperties && node.children.every(isPlain);
}

/** The element's attributes as React renders them (MDX turns a cell's `align` into `text-align`). */
function attributes(element: Element): string {
  let html = "";
  for (const [name, value] of Object.entries(element.properties)) {
    if (value === undefined || value === null) continue;
    if (name === "className") html += ` class="${escapeAttribute((value as string[]).join(" "))}"`;
    else if (name === "align") html += ` style="text-align:${escapeAttribute(String(value))}"`;
    else html += ` ${name}="${escapeAttribute(String(value))}"`;
  }
  return html;
}

function toHtml(nodes: ElementContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === "text") return escapeText(node.value);
      const element = node as Element;
      const open = `<${element.tagName}${attributes(element)}>`;
      return VOID_ELEMENTS.has(element.tagName) ? open : `${open}${toHtml(element.children)}</${element.tagName}>`;
    })
    .join("");
}

/** Only a class or a list's start number may stay on the outer element: other properties render differently in JSX. */
const canBeOuter = (element: Element) => Object.keys(element.properties).every((name) => name === "className" || name === "start");

/**
 * Plain prose (paragraphs, lists, tables without links, headings or images)
 * leaves the page chunk the way highlighted code does: each largest plain
 * element becomes `<DeferredHtml as="p" htmlKey="n" />`, and its inner HTML
 * joins the page's deferred strings (see src/client/deferredHtml.ts). A
 * first visit then downloads that text once, in the document.
 */
export function rehypeDeferProse() {
  return (tree: Root, file: VFile) => {
    let deferred = 0;
    const visitChildren = (parent: { children: (RootContent | ElementContent)[] }) => {
      parent.children = parent.children.map((child) => {
        if (child.type === "element" && !VOID_ELEMENTS.has(child.tagName) && canBeOuter(child) && isPlain(child)) {
          const html = toHtml(child.children);
          if (html.length >= MIN_DEFERRED_LENGTH) {
            const strings = deferredHtmlOf(file);
            const props = { as: child.tagName, className: (child.properties.className as string[] | undefined)?.join(" "), start: child.properties.start as number | undefined };
            const element = { type: "mdxJsxFlowElement", name: DEFERRED_HTML_COMPONENT, attributes: jsxAttributes({ ...props, htmlKey: strings.length }), children: [] };
            strings.push(html);
            deferred++;
            return element as unknown as ElementContent;
          }
        }
        if ("children" in child) visitChildren(child as { children: ElementContent[] });
        return child;
      });
    };
    visitChildren(tree);
    if (deferred > 0) tree.children.unshift(esmImport(`@theme/${DEFERRED_HTML_COMPONENT}`, DEFERRED_HTML_COMPONENT) as unknown as RootContent);
  };
}
