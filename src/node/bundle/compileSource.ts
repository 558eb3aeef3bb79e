import { createHash } from "node:crypto";
import { parseFrontMatter } from "../../../plugins/content-docs/frontMatter";
import { cacheDir, DiskCache, generatorFingerprint } from "../cache";
import { prismThemeStylesheet, resolvePrismThemes } from "../markdown/prismTheme";
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
  let disk: { cache: DiskCache<CompiledPage>; siteKey: string } | undefined;
  return async function compilePage(file: string, source: string): Promise<{ page: CompiledPage; fresh: boolean }> {
    const hash = createHash("sha1").update(source).digest("hex");
    const cached = cache.get(file);
    if (cached && cached.hash === hash) return { page: cached.page, fresh: false };
    const site = getSite();
    // What else decides a page's output: the generator, the code themes and languages, where links lead.
    disk ??= {
      cache: new DiskCache<CompiledPage>(cacheDir(site.siteDir, "mdx")),
      siteKey: createHash("sha256")
        .update(generatorFingerprint())
        .update(JSON.stringify([site.config.prism, options.dev, [...site.routeOfSource], site.plugins.some((plugin) => plugin.markdown), site.config.docusaurus?.mermaid, site.config.docusaurus?.npm2yarn]))
        .digest("hex"),
    };
    const diskKey = createHash("sha256").update(disk.siteKey).update(file).update(source).digest("hex");
    const stored = disk.cache.get(diskKey);
    if (stored) {
      // The stored module imports the code-theme stylesheet, which lives outside the cache: make sure it exists.
      prismThemeStylesheet(resolvePrismThemes(site.config.prism));
      cache.set(file, { hash, page: stored });
      return { page: stored, fresh: true };
    }
    const { frontMatter, body } = parseFrontMatter(source, file);
    const job: CompileJob = {
      file,
      body,
      frontMatter,
      siteDir: site.siteDir,
      prismThemes: { theme: site.config.prism.theme, darkTheme: site.config.prism.darkTheme },
      additionalLanguages: site.config.prism.additionalLanguages,
      development: options.dev,
      mermaid: site.config.docusaurus?.mermaid ?? false,
      npm2yarn: site.config.docusaurus?.npm2yarn,
    };
    const extraPlugins = {
      remarkPlugins: site.plugins.flatMap((plugin) => plugin.markdown?.remarkPlugins ?? []),
      rehypePlugins: site.plugins.flatMap((plugin) => plugin.markdown?.rehypePlugins ?? []),
    };
    const page = options.compile
      ? await options.compile(job)
      : await compileMarkdown({ ...job, extraPlugins, routeOfSource: (target) => site.routeOfSource.get(target) });
    cache.set(file, { hash, page });
    // Pages with plugins' own Markdown plugins are not stored: a function's behaviour cannot be hashed.
    if (!site.plugins.some((plugin) => plugin.markdown)) disk.cache.set(diskKey, page);
    return { page, fresh: true };
  };
}
