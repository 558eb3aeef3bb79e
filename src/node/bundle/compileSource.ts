import { createHash } from "node:crypto";
import { parseFrontMatter } from "../../../plugins/content-docs/frontMatter";
import type { SiteData } from "../loadSite";
import { compileMarkdown, type CompiledPage, type CompileOptions } from "../markdown/compile";

export type CompileJob = Omit<CompileOptions, "routeOfSource">;

export interface CompileSourceOptions {
  dev: boolean;
  /** Compiles a page elsewhere (a worker pool); in-process when left out. */
  compile?(job: CompileJob): Promise<CompiledPage>;
}

/**
 * Compiles Markdown pages with the site's settings and remembers each result
 * by content, so the client and server bundles (and the dev server's search
 * index) compile every page once.
 */
export function createPageCompiler(getSite: () => SiteData, options: CompileSourceOptions) {
  const cache = new Map<string, { hash: string; page: CompiledPage }>();
  return async function compilePage(file: string, source: string): Promise<{ page: CompiledPage; fresh: boolean }> {
    const hash = createHash("sha1").update(source).digest("hex");
    const cached = cache.get(file);
    if (cached && cached.hash === hash) return { page: cached.page, fresh: false };
    const { frontMatter, body } = parseFrontMatter(source, file);
    const site = getSite();
    const job: CompileJob = {
      file,
      body,
      frontMatter,
      siteDir: site.siteDir,
      prismThemes: { theme: site.config.prism.theme, darkTheme: site.config.prism.darkTheme },
      additionalLanguages: site.config.prism.additionalLanguages,
      development: options.dev,
      mermaid: site.config.docusaurus?.mermaid ?? false,
    };
    const extraPlugins = {
      remarkPlugins: site.plugins.flatMap((plugin) => plugin.markdown?.remarkPlugins ?? []),
      rehypePlugins: site.plugins.flatMap((plugin) => plugin.markdown?.rehypePlugins ?? []),
    };
    const page = options.compile
      ? await options.compile(job)
      : await compileMarkdown({ ...job, extraPlugins, routeOfSource: (target) => site.routeOfSource.get(target) });
    cache.set(file, { hash, page });
    return { page, fresh: true };
  };
}
