import { readFile } from "node:fs/promises";
import type { SiteData } from "../loadSite";
import type { createPageCompiler } from "../bundle/compileSource";
import { copyFacts, type PageFacts } from "../markdown/facts";
import { inlineImageUrl, withImageUrls } from "../markdown/plainCopyImages";

const MARKDOWN = /\.mdx?$/;

/** What every Markdown page's compile collected, for plugins' emitFiles in dev (pages not yet opened compile now). */
export async function devPageFacts(site: SiteData, compilePage: ReturnType<typeof createPageCompiler>): Promise<Map<string, PageFacts>> {
  const facts = new Map<string, PageFacts>();
  for (const route of site.routes) {
    if (!MARKDOWN.test(route.component) || facts.has(route.component)) continue;
    const { page } = await compilePage(route.component, await readFile(route.component, "utf8"));
    // Nothing is bundled in dev: images beside a page show in its plain-Markdown copy as data: URLs.
    const copy = page.facts.plainCopy && withImageUrls(page.facts.plainCopy, inlineImageUrl);
    facts.set(route.component, copy ? copyFacts(page.facts, { plainCopy: copy }) : page.facts);
  }
  return facts;
}

