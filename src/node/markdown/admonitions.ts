import type { Paragraph, Root, RootContent } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { ADMONITION_TYPES, type AdmonitionType } from "../../core/constants";
import type { FeatureContext } from "./featureContext";
import { jsxFlowElement } from "./mdxNodes";

/** The admonition types authors can write as `:::type`. */

export const ADMONITION_COMPONENT = "Admonition";

/** Marks the child of `<Admonition>` that holds a title written in Markdown (`:::tip[**Bold** title]`). */
export const ADMONITION_TITLE_MARKER = "data-admonition-title";

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * Rewrites the older title form `:::tip My title` into the directive label
 * form `:::tip[My title]` that remark-directive parses, and `::: tip` into
 * `:::tip`. Fenced code is left alone and the line count never changes.
 */
export function normalizeAdmonitionTitles(source: string): string {
  let fence: string | null = null;
  return source
    .split("\n")
    .map((line) => {
      const fenceMatch = FENCE.exec(line);
      if (fenceMatch) {
        if (fence === null) fence = fenceMatch[1];
        else if (fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
        return line;
      }
      if (fence !== null) return line;
      const match = /^(\s*)(:{3,})[ \t]*([A-Za-z][\w-]*)(.*)$/.exec(line);
      if (!match) return line;
      const [, indent, colons, name, rest] = match;
      const title = rest.trim();
      if (title === "" || title.startsWith("[") || title.startsWith("{")) return `${indent}${colons}${name}${rest}`;
      return `${indent}${colons}${name}[${title.replace(/[[\]]/g, "\\$&")}]`;
    })
    .join("\n");
}

function isLabel(node: RootContent): node is Paragraph {
  return node.type === "paragraph" && Boolean((node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
}

/**
 * `:::note` … `:::` containers become `<Admonition type="note">`. A title
 * (the directive label) becomes a marked first child, so it may hold Markdown.
 * Unknown types, unclosed containers and stray closing fences are warnings
 * naming the file and line; the content is still shown.
 */
export function remarkAdmonitions(context: FeatureContext) {
  return (tree: Root, file: VFile) => {
    const lines = String(file.value).split("\n");
    const warn = (message: string, line?: number) => context.warn({ file: context.file, line, message });
    visit(tree, (node, index, parent) => {
      if (node.type === "paragraph" && /^:{3,}$/.test(toString(node).trim()) && node.children.length === 1) {
        warn(`"${toString(node).trim()}" closes no admonition (is an opening ":::type" missing or misspelled?)`, node.position?.start.line);
        if (parent && index !== undefined) {
          parent.children.splice(index, 1);
          return index;
        }
        return undefined;
      }
      if (node.type !== "containerDirective" || !parent || index === undefined) return undefined;
      const directive = node as ContainerDirective;
      const startLine = directive.position?.start.line;
      const endLine = directive.position?.end.line;
      let type = directive.name.toLowerCase() as AdmonitionType;
      if (!ADMONITION_TYPES.includes(type)) {
        warn(`unknown admonition type ":::${directive.name}"; known types are ${ADMONITION_TYPES.join(", ")}. It is shown as a note`, startLine);
        type = "note";
      }
      if (startLine !== undefined && endLine !== undefined) {
        const opening = /^\s*(:{3,})/.exec(lines[startLine - 1] ?? "")?.[1].length ?? 3;
        const closing = lines[endLine - 1] ?? "";
        const closed = endLine > startLine && new RegExp(`^\\s*:{${opening},}\\s*$`).test(closing);
        if (!closed) warn(`":::${directive.name}" is never closed; add a line with ${":".repeat(opening)} where it should end`, startLine);
      }
      const children = [...directive.children] as RootContent[];
      const label = children[0] && isLabel(children[0]) ? (children.shift() as Paragraph) : undefined;
      const content: RootContent[] = [];
      if (label && label.children.length > 0) {
        content.push({
          type: "paragraph",
          children: label.children,
          data: { hName: "span", hProperties: { [ADMONITION_TITLE_MARKER]: "true" } },
        } as Paragraph);
      }
      content.push(...children);
      // Turned into the element in place, so the visit goes on into nested admonitions.
      const element = jsxFlowElement(ADMONITION_COMPONENT, { type }, content);
      Object.assign(directive as object, { type: element.type, name: element.name, attributes: element.attributes, children: element.children });
      delete (directive as { data?: unknown }).data;
      return undefined;
    });
  };
}
