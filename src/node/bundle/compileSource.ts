import { createHash } from "node:crypto";
import { parseFrontMatter } from "../../../plugins/content-docs/frontMatter";
import { cacheDir, DiskCache, generatorFingerprint } from "../cache";
import { markdownNames, routesOfNames } from "../markdown/linkedRoutes";
import type { PageSource } from "../pageSource";
import { textDigest } from "../sourceTexts";
import { prismThemeStylesheet, resolvePrismThemes } from "../markdown/prismTheme";
import type { SiteData } from "../loadSite";
import type { StoredFacts } from "../plugins/types";
import type { CompiledPage, CompileOptions } from "../markdown/compile";
import { MODULE_FIELDS, pageOfStored, BETWEEN_FIELDS, storedPage, type StoredPage } from "./storedPage";
import { siteMdxComponents, type SiteMdxComponents } from "../markdown/swizzledComponents";

/** The Markdown toolchain loads on first use: a build whose pages all compile on worker threads never parses it here. */
async function compileInProcess(options: CompileOptions): Promise<CompiledPage> {
  const { compileMarkdown } = await import("../markdown/compile");
  return compileMarkdown(options);
}


/** Pages are stored on disk unless plugins add Markdown plugins of their own: a function's behaviour cannot be hashed. */
const storesPages = (site: SiteData) => !site.plugins.some((plugin) => plugin.markdown);

export type CompileJob = Omit<CompileOptions, "routeOfSource">;

export interface CompileSourceOptions {
  dev: boolean;
  /** Compiles a page elsewhere (a worker pool); in-process when left out or when it returns undefined. */
  compile?(job: CompileJob): Promise<CompiledPage> | undefined;
}

/** A compiler's result for one file: whether this is the first time this process hands the page out (its warnings are new). */
export interface CompileResult {
  page: CompiledPage;
  fresh: boolean;
  /** The page's key in the disk cache (a hash of all it follows from) when it is stored there: equal keys, equal pages. */
  key?: string;
}

export interface PageCompiler {
  (file: string, source: PageSource): Promise<CompileResult>;
  /**
   * Starts compiling a page now, before anyone asks for it, so the worker threads are busy while
   * the bundler starts; the first later call for the same source gets the result, as fresh.
   */
  prefetch(file: string, source: PageSource): void;
  /** Whether the page needs no compile: this compiler has it, or the disk cache does (then it is read when asked for). */
  known(file: string, source: PageSource): boolean;
  /** The source's hash as the compiler keys it (textDigest), worked out once per file and text. */
  sourceHash(file: string, source: PageSource): string;
  /** Where the page compiled under this key (CompileResult.key) has its facts stored: its disk-cache entry. */
  storedFacts(key: string | undefined): StoredFacts | undefined;
}

/**
 * Compiles Markdown pages with the site's settings and remembers each result
 * by content, so the client and server bundles (and the dev server's search
 * index) compile every page once. A compile under way is shared too: the
 * client and server bundles may ask for one page at the same moment.
 */
export function createPageCompiler(getSite: () => SiteData, options: CompileSourceOptions): PageCompiler {
  // A page stored on disk is remembered by its disk key only: a large site's compiled pages
  // would otherwise all sit in memory between the client and the server bundle. `announced`:
  // someone has been handed the page already, so its warnings are not new.
  const cache = new Map<string, { hash: string; page?: CompiledPage; diskKey?: string; announced: boolean }>();
  /** Compiles under way, by file; `hash` is the source's. Shared by everyone asking meanwhile. */
  const running = new Map<string, { hash: string; result: Promise<CompiledPage> }>();
  let disk: { cache: DiskCache<StoredPage>; siteKey: string } | undefined;
  /** A stored page, its module and its search sections read from the entry when first used. */
  const readStored = (store: DiskCache<StoredPage>, diskKey: string) => {
    const stored = store.getSplit(diskKey, MODULE_FIELDS, BETWEEN_FIELDS);
    return stored ? pageOfStored(stored) : undefined;
  };
  // Looked up once per build; the dev server's compiles look for themselves, so an MDXComponents edited while it runs counts at once.
  let mdxComponents: SiteMdxComponents | undefined;
  const mdxComponentsOf = (site: SiteData) => (mdxComponents ??= siteMdxComponents(site.siteDir));

  /** The disk cache (opened on first use) and the key in it of the page whose text has this hash and mentions these names. */
  function diskEntryOf(site: SiteData, file: string, hash: string, names: readonly string[]): { store: DiskCache<StoredPage>; diskKey: string } {
    // What else decides a page's output: the generator, the code themes and languages, the site's address (for the plain-Markdown copy), the site's own MDX components; where its links lead is keyed per page.
    disk ??= {
      cache: new DiskCache<StoredPage>(cacheDir(site.siteDir, "mdx")),
      siteKey: createHash("sha256")
        .update(generatorFingerprint())
        .update(JSON.stringify([site.config.prism, site.config.url, site.config.baseUrl, site.config.playground?.packages, options.dev, site.plugins.some((plugin) => plugin.markdown), site.config.docusaurus?.mermaid, site.config.docusaurus?.npm2yarn, mdxComponentsOf(site)]))
        .digest("hex"),
    };
    const routes = routesOfNames(file, names, site.routeOfSource);
    return { store: disk.cache, diskKey: createHash("sha256").update(disk.siteKey).update(file).update(hash).update(routes).digest("hex") };
  }

  async function compileFresh(file: string, given: PageSource, givenHash: string): Promise<CompiledPage> {
    const site = getSite();
    let hash = givenHash;
    let { store, diskKey } = diskEntryOf(site, file, hash, namesOf(given));
    let stored = readStored(store, diskKey);
    let source = typeof given === "string" ? given : undefined;
    if (!stored && typeof given !== "string") {
      // Stored under the text compiled: a file saved after the build took its hash from its stat gets its new text's key.
      source = given.text();
      const read = textDigest(source);
      if (read !== hash) {
        hash = read;
        ({ store, diskKey } = diskEntryOf(site, file, hash, markdownNames(source)));
        stored = readStored(store, diskKey);
      }
    }
    if (stored) {
      // The stored module imports the code-theme stylesheet, which lives outside the cache: make sure it exists.
      prismThemeStylesheet(resolvePrismThemes(site.config.prism));
      cache.set(file, { hash, diskKey, announced: false });
      return stored;
    }
    source ??= typeof given === "string" ? given : given.text();
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
      mdxComponents: options.dev ? undefined : mdxComponentsOf(site),
    };
    const extraPlugins = {
      remarkPlugins: site.plugins.flatMap((plugin) => plugin.markdown?.remarkPlugins ?? []),
      rehypePlugins: site.plugins.flatMap((plugin) => plugin.markdown?.rehypePlugins ?? []),
    };
    const page = (await options.compile?.(job)) ?? (await compileInProcess({ ...job, extraPlugins, routeOfSource: (target) => site.routeOfSource.get(target) }));
    const kept = storesPages(site) && store.setSplit(diskKey, storedPage(page), MODULE_FIELDS, BETWEEN_FIELDS);
    cache.set(file, kept ? { hash, diskKey, announced: false } : { hash, page, announced: false });
    return page;
  }

  // A text's hash by file, with the text it was worked out for: the client and server bundles and
  // the dev server ask with equal texts again and again, and comparing them costs less than hashing.
  const hashes = new Map<string, { source: string; hash: string }>();
  const hashOf = (file: string, source: PageSource) => {
    if (typeof source !== "string") return source.digest;
    const known = hashes.get(file);
    if (known?.source === source) return known.hash;
    const hash = textDigest(source);
    hashes.set(file, { source, hash });
    return hash;
  };
  const namesOf = (source: PageSource) => (typeof source === "string" ? markdownNames(source) : source.markdownNames());

  /** The compile of this source under way, or a new one. */
  function start(file: string, source: PageSource, hash: string): Promise<CompiledPage> {
    const current = running.get(file);
    if (current && current.hash === hash) return current.result;
    const result = compileFresh(file, source, hash).finally(() => {
      if (running.get(file)?.result === result) running.delete(file);
    });
    running.set(file, { hash, result });
    return result;
  }

  const compilePage = async (file: string, source: PageSource): Promise<CompileResult> => {
    const hash = hashOf(file, source);
    let entry = cache.get(file);
    let page = entry?.hash === hash ? (entry.page ?? (entry.diskKey && disk ? readStored(disk.cache, entry.diskKey) : undefined)) : undefined;
    if (!page) {
      page = await start(file, source, hash);
      entry = cache.get(file);
    }
    // The first caller handed a compile's result reports its warnings, however the compile was started.
    const fresh = entry?.hash !== hash || !entry.announced;
    if (entry?.hash === hash) entry.announced = true;
    return { page, fresh, key: entry?.hash === hash ? entry.diskKey : undefined };
  };
  compilePage.known = (file: string, source: PageSource): boolean => {
    const hash = hashOf(file, source);
    if (cache.get(file)?.hash === hash) return true;
    // Stored already: nothing to start, and nothing to read until someone asks (a 2,000-page
    // rebuild read and parsed every stored page twice, here and when the page was asked for).
    const site = getSite();
    if (!storesPages(site)) return false;
    const { store, diskKey } = diskEntryOf(site, file, hash, namesOf(source));
    if (!store.has(diskKey)) return false;
    cache.set(file, { hash, diskKey, announced: false });
    return true;
  };
  compilePage.prefetch = (file: string, source: PageSource): void => {
    if (compilePage.known(file, source)) return;
    // A failure is reported to whoever asks for the page later; here it would go unhandled.
    start(file, source, hashOf(file, source)).catch(() => undefined);
  };
  compilePage.sourceHash = hashOf;
  compilePage.storedFacts = (key: string | undefined) => (key === undefined || !disk ? undefined : { file: disk.cache.fileOf(key) });
  return compilePage;
}
