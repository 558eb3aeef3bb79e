import path from "node:path";
import type { Definition, Link, Root } from "mdast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { isExternalUrl, safeDecodeURIComponent, splitUrl } from "../../core/paths";

export interface LinkContext {
  /** The route of a Markdown source file, or undefined when no page comes from it. */
  routeOfSource(absolutePath: string): string | undefined;
  warn(message: string, line?: number): void;
}

/**
 * Rewrites links to Markdown files (`./other.md#part`) into the routes those
 * files become. A link to a Markdown file that is not a page is a warning,
 * and is left as written (the link check skips it: it was reported here, with
 * its line). A `#fragment` is kept; the link check compares it with the ids
 * the target page's compile found.
 */
export function remarkLinks(context: LinkContext) {
  return (tree: Root, file: VFile) => {
    const fromDir = path.dirname(file.path);
    const rewrite = (node: Link | Definition) => {
      const url = node.url;
      if (!url || isExternalUrl(url) || url.startsWith("#")) return;
      const { pathname, search, hash } = splitUrl(url);
      if (!/\.mdx?$/i.test(pathname)) return;
      const target = pathname.startsWith("/") ? path.join(process.cwd(), pathname) : path.resolve(fromDir, safeDecodeURIComponent(pathname));
      const route = context.routeOfSource(target);
      if (route === undefined) {
        context.warn(`broken Markdown link "${url}": ${path.relative(process.cwd(), target)} is not a doc of this site`, node.position?.start.line);
        return;
      }
      node.url = `${route}${search}${hash}`;
    };
    visit(tree, "link", rewrite);
    visit(tree, "definition", rewrite);
  };
}
