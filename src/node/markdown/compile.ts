import path from "node:path";
import { compile } from "@mdx-js/mdx";
import remarkDirective from "remark-directive";
import { VFile } from "vfile";
import type { TocItem } from "../../core/types";
import { SiteError, type Diagnostic } from "../errors";
import { convertHtmlComments, escapeHeadingIds } from "./comments";
import { normalizeAdmonitionTitles } from "./admonitions";
import { remarkRestoreDirectives } from "./directives";
import { remarkGfmForPage } from "./gfm";
import { markdownFeatures } from "./features";
import type { Npm2YarnOptions } from "./npm2yarn";
import { loadAdditionalLanguages } from "./highlight";
import { prismThemeStylesheet, resolvePrismThemes } from "./prismTheme";
import { remarkHeadings } from "./headings";
import { docusaurusPermalink, remarkLinks, type LinkContext } from "./links";
import { remarkCollectFacts, type PageFacts } from "./facts";
import type { PluggableList } from "unified";
import { remarkSearchSections } from "./searchSections";
import { remarkPlainCopy } from "./plainCopy";
import { DEFERRED_HTML_QUERY } from "./deferredHtml";
import { rehypeDeferProse } from "./deferProse";
import { siteMdxComponents, type SiteMdxComponents } from "./swizzledComponents";
import type { RunnableExample } from "../../core/playground";

export interface CompileOptions {
  /** Absolute path of the source, for messages and relative links. */
  file: string;
  /** The file's text with its front matter blanked out (see parseFrontMatter). */
  body: string;
  frontMatter: Record<string, unknown>;
  routeOfSource: LinkContext["routeOfSource"];
  additionalLanguages: string[];
  /**
   * The site's code themes (site.config.ts `prism.theme`/`prism.darkTheme`).
   * When left out they are read from the site.config.ts above the file.
   */
  prismThemes?: { theme?: string; darkTheme?: string };
  /** The site folder; found from the file's location when left out. */
  siteDir?: string;
  /** ```mermaid fences become diagrams. */
  mermaid?: boolean;
  /** The site's `url` and `baseUrl`: with them a page that is a route also gets its plain-Markdown copy (facts.plainCopy). */
  site?: { url: string; baseUrl: string };
  /** site.config.ts `playground.packages`: doc-test examples importing only these get "Try it". */
  playgroundPackages?: string[];
  /** ```bash npm2yarn blocks become package-manager tabs. */
  npm2yarn?: Npm2YarnOptions;
  /** Dev builds keep React's development jsx runtime for better warnings. */
  development: boolean;
  /**
   * Highlighted code goes to a module of its own (`DEFERRED_HTML_QUERY`), which the page loads
   * only when the HTML is not in the document already (see src/client/deferredHtml.ts).
   */
  deferHtml?: boolean;
  /** The site's swizzled MDXComponents, as the caller found it once for all pages (looked up per page when left out). */
  mdxComponents?: SiteMdxComponents;
  /** Plugins' own remark/rehype plugins (functions: these pages compile in-process). */
  extraPlugins?: { remarkPlugins?: PluggableList; rehypePlugins?: PluggableList };
}

export interface CompiledPage {
  /** An ES module: default export renders the page; also exports toc, frontMatter, contentTitle. */
  code: string;
  toc: TocItem[];
  contentTitle?: string;
  /** Ids, links and TOC for the link check and the search index. */
  facts: PageFacts;
  /** The page's deferred HTML strings (highlighted code), when `deferHtml` moved any out of `code`. */
  deferredHtml?: string[];
  /** Examples the playground can run, by their code block's deferred-HTML key (see codeBlocks.ts). */
  runnableExamples?: Record<number, RunnableExample>;
  warnings: Diagnostic[];
}

const reportedLanguages = new Set<string>();
/** An unknown `prism.additionalLanguages` entry is said once per build, not once per page. */
function warnUnknownLanguageOnce(name: string): void {
  if (reportedLanguages.has(name)) return;
  reportedLanguages.add(name);
  console.warn(`site.config.ts: prism.additionalLanguages names "${name}", which Prism does not know; code in it is shown as plain text`);
}

/**
 * The site folder and code themes, from the site's configuration when the caller leaves them out.
 * Loaded only then: the configuration reader and its schema library (750 KB of JavaScript) would
 * otherwise be parsed by every compile worker at its start, which the build always tells both.
 */
async function siteSettings(options: CompileOptions): Promise<{ siteDir?: string; prismThemes: { theme?: string; darkTheme?: string } }> {
  if (options.siteDir !== undefined && options.prismThemes) return { siteDir: options.siteDir, prismThemes: options.prismThemes };
  const { findSiteDir, sitePrismThemes } = await import("./siteOfFile");
  const siteDir = options.siteDir ?? findSiteDir(options.file);
  return { siteDir, prismThemes: options.prismThemes ?? (siteDir ? await sitePrismThemes(siteDir) : {}) };
}

/** Compiles one Markdown/MDX page to a JavaScript module. Syntax errors name file:line:column. */
export async function compileMarkdown(options: CompileOptions): Promise<CompiledPage> {
  const warnings: Diagnostic[] = [];
  const warn = (diagnostic: Diagnostic) => warnings.push(diagnostic);
  const { siteDir, prismThemes } = await siteSettings(options);
  const themes = resolvePrismThemes(prismThemes);
  for (const name of loadAdditionalLanguages(options.additionalLanguages)) warnUnknownLanguageOnce(name);
  const mdxComponents = options.mdxComponents ?? siteMdxComponents(siteDir);
  const features = markdownFeatures({
    file: options.file,
    siteDir,
    warn,
    mermaid: options.mermaid,
    playgroundPackages: options.playgroundPackages,
    deferHtml: options.deferHtml,
    npm2yarn: options.npm2yarn,
    mdxComponentNames: mdxComponents.names,
    prism: { additionalLanguages: options.additionalLanguages, themeStylesheet: prismThemeStylesheet(themes) },
  });
  const route = options.routeOfSource(options.file);
  const linkContext: LinkContext = {
    routeOfSource: options.routeOfSource,
    warn: (message: string, line?: number) => warn({ file: options.file, line, message }),
    siteDir,
    permalink: route === undefined ? undefined : docusaurusPermalink(route, options.file, options.frontMatter),
  };
  const source = normalizeAdmonitionTitles(escapeHeadingIds(convertHtmlComments(options.body)));
  const vfile = new VFile({ path: options.file, value: source });
  let compiled: VFile;
  try {
    compiled = await compile(vfile, {
      format: "mdx",
      development: options.development,
      remarkPlugins: [
        [remarkGfmForPage, { source }],
        remarkDirective,
        // Before anything reads text: "10:30" must not lose ":30" to a text directive.
        remarkRestoreDirectives,
        remarkHeadings,
        [remarkLinks, linkContext],
        // Before the features turn the tree into components: the copy shows what the author wrote.
        ...(route !== undefined && options.site ? ([[remarkPlainCopy, { siteUrl: options.site.url, baseUrl: options.site.baseUrl, route }]] as PluggableList) : []),
        // Before the features turn code into highlighted HTML: search reads it as text.
        [remarkSearchSections, { additionalLanguages: options.additionalLanguages }],
        ...features.remarkPlugins,
        ...(options.extraPlugins?.remarkPlugins ?? []),
        // Last: what it records must be what the page renders.
        remarkCollectFacts,
      ],
      rehypePlugins: [
        ...features.rehypePlugins,
        ...(options.extraPlugins?.rehypePlugins ?? []),
        // Last: only what no plugin changes any more may leave the page as finished HTML. A site's own
        // MDXComponents may render plain elements its way, so its prose stays JSX.
        ...(options.deferHtml && !mdxComponents.file ? [rehypeDeferProse] : []),
      ],
    });
  } catch (error) {
    const place = error as { line?: number; column?: number; reason?: string; message: string };
    const where = place.line ? `${options.file}:${place.line}:${place.column ?? 1}` : options.file;
    const siteError = new SiteError(`${where}: ${place.reason ?? place.message}`, { cause: error });
    Object.assign(siteError, { loc: { file: options.file, line: place.line, column: place.column }, id: options.file });
    throw siteError;
  }
  const facts = compiled.data.facts as PageFacts;
  const { toc, contentTitle } = facts;
  const deferredHtml = compiled.data.deferredHtml as string[] | undefined;
  const runnableExamples = compiled.data.runnableExamples as Record<number, RunnableExample> | undefined;
  const code = [
    String(compiled.value),
    `export const toc = ${JSON.stringify(toc)};`,
    `export const frontMatter = ${JSON.stringify(options.frontMatter)};`,
    `export const contentTitle = ${JSON.stringify(contentTitle ?? null)};`,
  ];
  if (deferredHtml) {
    const own = `./${path.basename(options.file)}${DEFERRED_HTML_QUERY}`;
    code.push(`export const loadDeferredHtml = () => import(${JSON.stringify(own)}).then((module) => module.default);`);
  }
  return { code: code.join("\n"), toc, contentTitle, facts, warnings, deferredHtml, ...(runnableExamples ? { runnableExamples } : {}) };
}
