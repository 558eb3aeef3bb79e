import type { TocItem } from "../../../core/types";
import { TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from "../../../core/constants";

interface TreeNode {
  item: TocItem;
  children: TreeNode[];
}

function nest(items: readonly TocItem[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const stack: TreeNode[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length > 0 && stack[stack.length - 1].item.level >= item.level) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function List({ nodes }: { nodes: TreeNode[] }) {
  return (
    <ul>
      {nodes.map(({ item, children }) => (
        <li key={item.id}>
          <a href={`#${item.id}`} dangerouslySetInnerHTML={{ __html: item.value }} />
          {children.length > 0 && <List nodes={children} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * `@theme/TOCInline`: the page's table of contents inside the article, as
 * MDX pages write it: `<TOCInline toc={toc} />` (toc is the page's own export).
 */
export default function TOCInline({ toc, minHeadingLevel = TOC_MIN_HEADING_LEVEL, maxHeadingLevel = TOC_MAX_HEADING_LEVEL }: { toc: readonly TocItem[]; minHeadingLevel?: number; maxHeadingLevel?: number }) {
  const items = toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  return (
    <div className="toc-inline">
      <List nodes={nest(items)} />
    </div>
  );
}
