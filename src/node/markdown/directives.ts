import type { Parent, Root, RootContent } from "mdast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";

/**
 * remark-directive reads `:name` anywhere in text as a directive, so prose
 * like "10:30" or "see:this" would lose words. Directives no feature claimed
 * are turned back into the exact text the author wrote. Runs right after
 * remark-directive; container directives (`:::note`) are left for admonitions.ts.
 */
export function remarkRestoreDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    const original = (node: RootContent): string => {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start !== undefined && end !== undefined) return source.slice(start, end);
      const name = (node as { name?: string }).name ?? "";
      return node.type === "leafDirective" ? `::${name}` : `:${name}`;
    };
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      if (node.type === "textDirective") {
        (parent as Parent).children[index] = { type: "text", value: original(node) } as RootContent;
        return undefined;
      }
      if (node.type === "leafDirective") {
        (parent as Parent).children[index] = { type: "paragraph", children: [{ type: "text", value: original(node) }] } as RootContent;
        return undefined;
      }
      return undefined;
    });
    // "10" + ":30" + " and" → one text node again, as the author wrote it.
    visit(tree, (node) => {
      const children = (node as Parent).children as RootContent[] | undefined;
      if (!children) return;
      for (let index = children.length - 1; index > 0; index--) {
        const [before, after] = [children[index - 1], children[index]];
        if (before.type === "text" && after.type === "text") {
          before.value += after.value;
          if (before.position && after.position) before.position.end = after.position.end;
          children.splice(index, 1);
        }
      }
    });
  };
}
