/**
 * A page's search sections straight from its source, by the same Markdown compile the bundle
 * runs. The dev server uses it: its search index needs no page rendered to HTML.
 */
import { readFile } from "node:fs/promises";
import { compileMarkdown } from "../../src/node/markdown/compile.ts";
import type { SearchSection } from "../../src/core/search/types.ts";
import { parseFrontMatter } from "../content-docs/frontMatter.ts";

/** What the compile needs to know of the site. */
export interface SectionsSite {
  siteDir: string;
  config: { prism: { theme?: string; darkTheme?: string; additionalLanguages: string[] } };
  routeOfSource: ReadonlyMap<string, string>;
}

export async function compileSearchSections(file: string, site: SectionsSite): Promise<SearchSection[]> {
  const { frontMatter, body } = parseFrontMatter(await readFile(file, "utf8"), file);
  const page = await compileMarkdown({
    file,
    body,
    frontMatter,
    siteDir: site.siteDir,
    routeOfSource: (target) => site.routeOfSource.get(target),
    prismThemes: { theme: site.config.prism.theme, darkTheme: site.config.prism.darkTheme },
    additionalLanguages: site.config.prism.additionalLanguages,
    development: false,
  });
  return page.searchSections;
}
