import { addBaseUrl, encodeRoutePath, isExternalUrl, splitUrl } from "../../src/core/paths";
import type { Plugin, PluginContext, RouteSummary } from "../../src/node/plugins/types";
import { docsSections } from "./pageOrder";
import { firstSentence, leadingTitle, pageMarkdown, type UrlResolver } from "./plainMarkdown";
import { toString } from "mdast-util-to-string";

export const LLMS_INDEX_FILE = "llms.txt";
export const LLMS_FULL_FILE = "llms-full.txt";

/**
 * Where a page's Markdown copy lives: its route plus ".md", as the llms.txt
 * proposal asks. A route that names a folder (the site root, or one ending in
 * "/") has no name to extend, so it gets "index.html.md", the proposal's rule
 * for URLs without a file name.
 */
export function markdownPath(route: string): string {
  return route.endsWith("/") ? `${route}index.html.md` : `${route}.md`;
}

/** A page llms.txt lists and the build writes as Markdown. */
interface ListedPage {
  route: RouteSummary;
  title: string;
  summary: string;
  markdown: string;
}

const isBlogPost = (route: RouteSummary) => route.page?.layout === "blogPost" && !route.page.noindex;
/** Link text and one-line summaries stay one line and cannot close the link early. */
const linkText = (value: string) => value.replace(/\s+/g, " ").replace(/[[\]]/g, "\\$&").trim();

/**
 * llms.txt, llms-full.txt and a Markdown copy of every docs page and blog
 * post, for language models and tools that read a site as text
 * (https://llmstxt.org). The copies are made from each page's syntax tree:
 * MDX components become their plain-Markdown equivalents, links absolute URLs.
 */
export function llmsPlugin(context: PluginContext): Plugin {
  const { url, baseUrl, title, tagline } = context.siteConfig;
  const origin = url.replace(/\/+$/, "");
  const absolute = (route: string) => `${origin}${encodeRoutePath(addBaseUrl(route, baseUrl))}`;

  return {
    name: "llms",
    id: "llms",
    async emitFiles({ routes, markdownOf }) {
      const withMarkdown = new Set(routes.filter((route) => (route.doc || isBlogPost(route)) && /\.mdx?$/.test(route.component)).map((route) => route.path.toLowerCase()));
      const resolverFor = (page: RouteSummary): UrlResolver => ({
        link(target) {
          if (isExternalUrl(target)) return target;
          if (target.startsWith("#")) return `${absolute(page.path)}${target}`;
          // The compile's link rules already made relative links routes; what is left resolves as a browser would.
          if (!target.startsWith("/")) return new URL(target, absolute(page.path)).href;
          const { pathname, search, hash } = splitUrl(target);
          // A fragment names an id of the HTML page; the Markdown copy has none.
          if (hash === "" && search === "" && withMarkdown.has(pathname.toLowerCase())) return absolute(markdownPath(pathname));
          return `${absolute(pathname)}${search}${hash}`;
        },
        image(source) {
          if (isExternalUrl(source)) return source;
          if (source.startsWith("@site/static/")) return absolute(source.slice("@site/static".length));
          return source.startsWith("/") ? absolute(source) : undefined;
        },
      });

      const files: Record<string, string> = {};
      const pages = new Map<RouteSummary, ListedPage>();
      for (const route of routes) {
        if (!withMarkdown.has(route.path.toLowerCase())) continue;
        const source = await markdownOf(route);
        if (!source) continue;
        const own = leadingTitle(source.tree);
        const pageTitle = route.doc?.title ?? route.page?.title ?? (own ? toString(own) : route.path);
        const markdown = pageMarkdown(source.tree, pageTitle, resolverFor(route));
        files[markdownPath(route.path).slice(1)] = markdown;
        pages.set(route, { route, title: pageTitle, summary: route.doc?.description || route.page?.description || firstSentence(source.tree), markdown });
      }

      const sections = docsSections(routes).map((section) => ({ label: section.label, pages: section.routes.flatMap((route) => pages.get(route) ?? []) }));
      const posts = [...pages.values()].filter((page) => isBlogPost(page.route));
      const entry = (page: ListedPage) => `- [${linkText(page.title)}](${absolute(markdownPath(page.route.path))})${page.summary ? `: ${linkText(page.summary)}` : ""}`;
      const index = [
        `# ${title}`,
        ...(tagline ? [`> ${linkText(tagline)}`] : []),
        `Each link below is a page of this site as plain Markdown; ${absolute(`/${LLMS_FULL_FILE}`)} holds them all in one file.`,
        ...sections.filter((section) => section.pages.length > 0).map((section) => [`## ${linkText(section.label)}`, ...section.pages.map(entry)].join("\n")),
        ...(posts.length > 0 ? [["## Optional", ...posts.map(entry)].join("\n")] : []),
      ];
      files[LLMS_INDEX_FILE] = `${index.join("\n\n")}\n`;

      // The same pages in the same order; each copy already opens with its title, the address follows it.
      const full = [...sections.flatMap((section) => section.pages), ...posts].map((page) => {
        const [heading, ...body] = page.markdown.split("\n");
        return [heading, "", `Source: ${absolute(page.route.path)}`, ...body].join("\n").trimEnd();
      });
      files[LLMS_FULL_FILE] = `${full.join("\n\n---\n\n")}\n`;
      return files;
    },
  };
}
