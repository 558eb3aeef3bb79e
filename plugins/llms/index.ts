import { absoluteUrl, markdownCopyPath } from "../../src/core/paths";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import type { EmittedContents, Plugin, PluginContext, RouteSummary } from "../../src/node/plugins/types";
import { docsSections } from "./pageOrder";

export const LLMS_INDEX_FILE = "llms.txt";
export const LLMS_FULL_FILE = "llms-full.txt";

/** A page llms.txt may list, with its Markdown copy. */
interface CopiedPage {
  route: RouteSummary;
  title: string;
  summary: string;
  /** The copy's first line: the title as its one H1. */
  heading: string;
  /** The page's text, which follows the heading and a blank line in the copy. */
  text: string;
}

const isListedPost = (route: RouteSummary) => route.page?.layout === "blogPost" && !route.page.noindex;
/** Link text and one-line summaries stay one line and cannot close the link early. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").replace(/[[\]]/g, "\\$&").trim();

/**
 * llms.txt, llms-full.txt and a plain-Markdown copy of every Markdown page
 * (docs, blog posts, Markdown pages) at its route plus ".md", for language
 * models and tools that read a site as text (https://llmstxt.org). The copies
 * come from each page's compile (facts.plainCopy, see src/node/markdown/plainCopy.ts).
 */
export function llmsPlugin(context: PluginContext): Plugin {
  const { url, baseUrl, title, tagline } = context.siteConfig;
  const absolute = (route: string) => absoluteUrl(url, baseUrl, route);

  return {
    name: "llms",
    id: "llms",
    emitFiles({ routes, factsOf, previousFiles, keep }) {
      const files: Record<string, EmittedContents> = {};
      // A copy the last output holds byte for byte stays there: a rebuild changes few of them, and
      // hashing one costs less than handing its text to the output writer (28 MB on 2,000 pages).
      const previous = keep && previousFiles ? previousFiles("") : undefined;
      const pages = new Map<RouteSummary, CopiedPage>();
      for (const route of routes) {
        const copy = factsOf(route)?.plainCopy;
        if (!copy) continue;
        const pageTitle = route.doc?.title ?? route.page?.title ?? factsOf(route)?.contentTitle ?? route.path;
        const heading = `# ${pageTitle.replace(/\s+/g, " ").trim()}`;
        const name = markdownCopyPath(route.path).slice(1);
        const text = `${heading}\n\n${copy.markdown}`;
        const hash = previous?.get(name);
        if (hash !== undefined && hash === outputContentHash(text)) keep!(name);
        else files[name] = text;
        pages.set(route, { route, title: pageTitle, summary: route.doc?.description || route.page?.description || copy.firstSentence, heading, text: copy.markdown });
      }

      const sections = docsSections(routes).map((section) => ({ label: section.label, pages: section.routes.flatMap((route) => pages.get(route) ?? []) }));
      const posts = [...pages.values()].filter((page) => isListedPost(page.route));
      const entry = (page: CopiedPage) => `- [${oneLine(page.title)}](${absolute(markdownCopyPath(page.route.path))})${page.summary ? `: ${oneLine(page.summary)}` : ""}`;
      const index = [
        `# ${title}`,
        ...(tagline ? [`> ${oneLine(tagline)}`] : []),
        `Each link below is a page of this site as plain Markdown; ${absolute(`/${LLMS_FULL_FILE}`)} holds them all in one file.`,
        ...sections.filter((section) => section.pages.length > 0).map((section) => [`## ${oneLine(section.label)}`, ...section.pages.map(entry)].join("\n")),
        ...(posts.length > 0 ? [["## Optional", ...posts.map(entry)].join("\n")] : []),
      ];
      files[LLMS_INDEX_FILE] = `${index.join("\n\n")}\n`;

      // The same pages in the same order; each copy opens with its title, its address follows. Handed
      // over in parts, each page's text as it is (trimmed on its own), never joined: the whole is
      // 13 MB at 2,000 pages, and each copy of it cost the build fresh memory to fill.
      const full: string[] = [];
      for (const page of [...sections.flatMap((section) => section.pages), ...posts]) {
        if (full.length > 0) full.push("\n\n---\n\n");
        const text = page.text.trimEnd();
        full.push(`${page.heading}\n\nSource: ${absolute(page.route.path)}`, ...(text ? ["\n\n", text] : []));
      }
      full.push("\n");
      files[LLMS_FULL_FILE] = full;
      return files;
    },
  };
}
