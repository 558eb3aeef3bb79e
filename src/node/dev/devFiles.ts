import { readFile } from "node:fs/promises";
import type { SiteData } from "../loadSite";
import type { createPageCompiler } from "../bundle/compileSource";
import type { PageFacts } from "../markdown/facts";
import { buildSearchIndex } from "../../../plugins/search/buildIndex";

const MARKDOWN = /\.mdx?$/;

/** What every Markdown page's compile collected, for plugins' emitFiles in dev (pages not yet opened compile now). */
export async function devPageFacts(site: SiteData, compilePage: ReturnType<typeof createPageCompiler>): Promise<Map<string, PageFacts>> {
  const facts = new Map<string, PageFacts>();
  for (const route of site.routes) {
    if (!MARKDOWN.test(route.component) || facts.has(route.component)) continue;
    const { page } = await compilePage(route.component, await readFile(route.component, "utf8"));
    facts.set(route.component, page.facts);
  }
  return facts;
}

/** The search index of the docs pages as the dev server renders them. */
export async function devSearchFiles(site: SiteData, renderPage: (url: string) => Promise<{ html: string }>) {
  const pages = [];
  for (const route of site.routes) {
    if (!route.doc) continue;
    const { html } = await renderPage(route.path);
    const article = /<article\b[^>]*>([\s\S]*)<\/article>/.exec(html);
    pages.push({ url: route.path, pluginId: route.pluginId, sectionLabel: route.sectionLabel, pageTitle: route.doc.title, articleHtml: article ? article[1] : "", version: route.section });
  }
  return buildSearchIndex(pages);
}
