import { readFile } from "node:fs/promises";
import type { Root } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified, type PluggableList } from "unified";
import { VFile } from "vfile";
import { parseFrontMatter } from "../../../plugins/content-docs/frontMatter";
import type { PageMarkdown, RouteSummary } from "../plugins/types";
import { normalizeAdmonitionTitles } from "./admonitions";
import { convertHtmlComments, escapeHeadingIds } from "./comments";
import { remarkRestoreDirectives } from "./directives";
import { remarkHeadings } from "./headings";
import { docusaurusPermalink, remarkLinks, type LinkContext } from "./links";

const MARKDOWN = /\.mdx?$/;

/** What MDX 3 cannot read of Docusaurus-flavoured Markdown (HTML comments, `{#id}`, `:::tip Title`), rewritten without changing the line count. */
export function prepareMarkdownSource(body: string): string {
  return normalizeAdmonitionTitles(escapeHeadingIds(convertHtmlComments(body)));
}

/**
 * How every reading of a page sees its syntax, before any authoring feature:
 * GFM, directives (prose colons given back), heading ids, links to Markdown
 * files turned into routes. The compile and the plugins' `markdownOf` share it.
 */
export function syntaxPlugins(linkContext: LinkContext): PluggableList {
  return [remarkGfm, remarkDirective, remarkRestoreDirectives, remarkHeadings, [remarkLinks, linkContext]];
}

/** The syntax tree of one Markdown source as `syntaxPlugins` leave it, with its front matter. */
export async function readMarkdownTree(file: string, source: string, options: { routeOfSource(file: string): string | undefined; siteDir?: string }): Promise<PageMarkdown> {
  const { frontMatter, body } = parseFrontMatter(source, file);
  const route = options.routeOfSource(file);
  const linkContext: LinkContext = {
    routeOfSource: options.routeOfSource,
    // The compile of the same page already reported every broken link.
    warn: () => undefined,
    siteDir: options.siteDir,
    permalink: route === undefined ? undefined : docusaurusPermalink(route, file, frontMatter),
  };
  const processor = unified().use(remarkParse).use(remarkMdx).use(syntaxPlugins(linkContext));
  const vfile = new VFile({ path: file, value: prepareMarkdownSource(body) });
  const tree = (await processor.run(processor.parse(vfile), vfile)) as Root;
  return { frontMatter, tree };
}

/** `markdownOf` for plugins' emitFiles: reads a route's Markdown source from disk; undefined for a React page. */
export function markdownReader(site: { routeOfSource: ReadonlyMap<string, string>; siteDir: string }): (route: RouteSummary) => Promise<PageMarkdown | undefined> {
  return async (route) => {
    if (!MARKDOWN.test(route.component)) return undefined;
    const source = await readFile(route.component, "utf8");
    return readMarkdownTree(route.component, source, { routeOfSource: (target) => site.routeOfSource.get(target), siteDir: site.siteDir });
  };
}
