import { createHash } from "node:crypto";
import { parseFrontMatter } from "../../../plugins/content-docs/frontMatter";
import { cacheDir, DiskCache, generatorFingerprint } from "../cache";
import { prismThemeStylesheet, resolvePrismThemes } from "../markdown/prismTheme";
import type { SiteData } from "../loadSite";
import { compileMarkdown, type CompiledPage, type CompileOptions } from "../markdown/compile";
import { swizzledComponentNames, swizzledComponentsFile } from "../markdown/swizzledComponents";

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
  // A page stored on disk is remembered by its disk key only: a large site's compiled pages
  // would otherwise all sit in memory between the client and the server bundle.
  const cache = new Map<string, { hash: string; page?: CompiledPage; diskKey?: string }>();
  let disk: { cache: DiskCache<CompiledPage>; siteKey: string } | undefined;
  return async function compilePage(file: string, source: string): Promise<{ page: CompiledPage; fresh: boolean }> {
    const hash = createHash("sha1").update(source).digest("hex");
    const cached = cache.get(file);
    if (cached && cached.hash === hash) {
      const page = cached.page ?? (cached.diskKey ? disk?.cache.get(cached.diskKey) : undefined);
      if (page) return { page, fresh: false };
    }
    const site = getSite();
    // What else decides a page's output: the generator, the code themes and languages, where links lead (and the site's address, for the plain-Markdown copy), the site's own MDX components.
    disk ??= {
      cache: new DiskCache<CompiledPage>(cacheDir(site.siteDir, "mdx")),
      siteKey: createHash("sha256")
        .update(generatorFingerprint())
        .update(JSON.stringify([site.config.prism, site.config.url, site.config.baseUrl, site.config.playground?.packages, options.dev, [...site.routeOfSource], site.plugins.some((plugin) => plugin.markdown), site.config.docusaurus?.mermaid, site.config.docusaurus?.npm2yarn, swizzledComponentsFile(site.siteDir), swizzledComponentNames(site.siteDir)]))
        .digest("hex"),
    };
    const diskKey = createHash("sha256").update(disk.siteKey).update(file).update(source).digest("hex");
    const stored = disk.cache.get(diskKey);
    if (stored) {
      // The stored module imports the code-theme stylesheet, which lives outside the cache: make sure it exists.
      prismThemeStylesheet(resolvePrismThemes(site.config.prism));
      cache.set(file, { hash, diskKey });
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
      site: { url: site.config.url, baseUrl: site.config.baseUrl },
      development: options.dev,
      // A route's page loads its highlighted code only when the document lacks it; a partial
      // (imported by other pages) keeps its code inline, since no route loads its strings.
      deferHtml: !options.dev && site.routeOfSource.has(file),
      mermaid: site.config.docusaurus?.mermaid ?? false,
      playgroundPackages: site.config.playground?.packages,
      npm2yarn: site.config.docusaurus?.npm2yarn,
    };
    const extraPlugins = {
      remarkPlugins: site.plugins.flatMap((plugin) => plugin.markdown?.remarkPlugins ?? []),
      rehypePlugins: site.plugins.flatMap((plugin) => plugin.markdown?.rehypePlugins ?? []),
    };
    const page = options.compile
      ? await options.compile(job)
      : await compileMarkdown({ ...job, extraPlugins, routeOfSource: (target) => site.routeOfSource.get(target) });
    // Pages with plugins' own Markdown plugins are not stored: a function's behaviour cannot be hashed.
    const kept = !site.plugins.some((plugin) => plugin.markdown) && disk.cache.set(diskKey, page);
    cache.set(file, kept ? { hash, diskKey } : { hash, page });
    return { page, fresh: true };
  };
}
