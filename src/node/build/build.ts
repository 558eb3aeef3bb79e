import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build as viteBuild, type Rollup } from "vite";
import { routeToHtmlFile } from "../../core/paths";
import type { DocsManifest, PageModule, SiteAssets } from "../../core/types";
import type * as ServerEntry from "../../client/serverEntry";
import { formatDiagnostic, SiteError, type Diagnostic } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import { loadSite, type SiteData } from "../loadSite";
import { baseViteConfig } from "../bundle/viteConfig";
import { htmlDocument } from "../render/htmlDocument";
import { CompilePool, workersAvailable } from "../markdown/compilePool";
import { compileMarkdown, type CompileOptions } from "../markdown/compile";
import type { SearchSection } from "../../core/search/types";
import { checkLinks, summarizeLinks, type PageLinks } from "./linkCheck";
import { swapIntoPlace } from "./swap";

export interface BuildOptions {
  siteDir: string;
  outDir?: string;
  /** Called with each warning (broken Markdown links, missing anchors …). */
  onWarning?(message: string): void;
  log?(message: string): void;
}

export interface BuildResult {
  outDir: string;
  routes: string[];
  warnings: string[];
  timings: Record<string, number>;
}

interface ViteManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ViteManifestEntry>;

const CLIENT_ENTRY = "src/client/entry.tsx";
let buildCount = 0;
const SERVER_ENTRY = "src/client/serverEntry.tsx";

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 10);
}

function inputName(siteDir: string, source: string): string {
  const relative = (source.startsWith(siteDir) ? path.relative(siteDir, source) : path.relative(GENERATOR_DIR, source)).replace(/\.(mdx?|tsx?)$/, "");
  return `page-${relative.replace(/^docs\//, "").replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

function listFiles(dir: string, base = dir, out = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, base, out);
    else out.add(path.relative(base, full).split(path.sep).join("/"));
  }
  return out;
}

/** Every file a manifest entry needs loaded, following static imports. */
function collectImports(manifest: ViteManifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (entryKey: string) => {
    const entry = manifest[entryKey];
    if (!entry || js.has(entry.file)) return;
    js.add(entry.file);
    for (const file of entry.css ?? []) css.add(file);
    for (const child of entry.imports ?? []) visit(child);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

function rethrowBuildError(error: unknown): never {
  if (error instanceof SiteError) throw error;
  const rollupError = error as Rollup.RollupError & { cause?: unknown; errors?: unknown[] };
  if (rollupError.cause instanceof SiteError) throw rollupError.cause;
  // Vite 8 gathers plugin errors into `errors`; ours already say file:line:column and what is wrong.
  const siteError = rollupError.errors?.map((inner) => (inner instanceof SiteError ? inner : (inner as { cause?: unknown })?.cause)).find((inner) => inner instanceof SiteError);
  if (siteError) throw siteError;
  const where = rollupError.loc ? `${rollupError.loc.file ?? rollupError.id}:${rollupError.loc.line}:${rollupError.loc.column}: ` : rollupError.id ? `${rollupError.id}: ` : "";
  throw new SiteError(`${where}${rollupError.message}`, { cause: error });
}

/**
 * Builds the whole site into a staging folder and swaps it into place only
 * when every step succeeded, so a failed build leaves the previous output.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const siteDir = path.resolve(options.siteDir);
  const outDir = path.resolve(siteDir, options.outDir ?? "build");
  const staging = `${outDir}.tmp-${process.pid}`;
  // Node caches imported modules by path: every build needs fresh server bundle paths.
  const ssrDir = path.join(siteDir, `.cache/ssr-${process.pid}-${++buildCount}`);
  const log = options.log ?? (() => undefined);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    if (process.env.BUILD_MEMORY_LOG) console.log(`${name}: rss ${Math.round(process.memoryUsage().rss / 1048576)} MB, heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB`);
    mark = now;
  };

  rmSync(staging, { recursive: true, force: true });
  let pool: CompilePool | undefined;
  try {
    const site = await loadSite(siteDir, { includeDrafts: false });
    lap("load content");
    const onWarning = (diagnostic: Diagnostic) => warn(formatDiagnostic(diagnostic));

    const pageSources = [
      ...site.docsPlugins.flatMap((plugin) => plugin.docs.map((doc) => doc.source)),
      ...site.pagesManifest.routes.map((route) => route.chunk),
    ];
    const pageInputs = Object.fromEntries(pageSources.map((source) => [inputName(siteDir, source), source]));
    // Each worker spends seconds loading the compiler: only a large site gains from them.
    const workerCount = process.env.BUILD_WORKERS === undefined ? availableParallelism() : Number(process.env.BUILD_WORKERS);
    pool = workersAvailable() && workerCount > 0 && pageSources.length >= 400 ? new CompilePool(site.routeOfSource, workerCount) : undefined;
    // Search sections come out of the bundle's one compile of each page, kept by source file.
    const searchSections = new Map<string, SearchSection[]>();
    const compile = async (job: Omit<CompileOptions, "routeOfSource">) => {
      const page = pool ? await pool.compile(job) : await compileMarkdown({ ...job, routeOfSource: (target) => site.routeOfSource.get(target) });
      searchSections.set(job.file, page.searchSections);
      return page;
    };
    const shared = baseViteConfig({ siteDir, getSite: () => site, dev: false, onWarning, compile });

    try {
      await viteBuild({
        ...shared,
        mode: "production",
        build: {
          outDir: staging,
          emptyOutDir: true,
          manifest: true,
          sourcemap: false,
          reportCompressedSize: false,
          chunkSizeWarningLimit: 2048,
          rollupOptions: {
            input: { main: path.join(GENERATOR_DIR, CLIENT_ENTRY), ...pageInputs },
            preserveEntrySignatures: "exports-only",
            // The MDX compile is the slow part by design; rolldown's timing advice is noise here.
            checks: { bundlerTimings: false },
            output: { entryFileNames: "assets/[name]-[hash].js", chunkFileNames: "assets/[name]-[hash].js", assetFileNames: "assets/[name]-[hash][extname]" },
          },
        },
      });
      lap("client bundle");
      await pool?.close();
      pool = undefined;
      await viteBuild({
        ...shared,
        mode: "production",
        build: {
          ssr: true,
          outDir: ssrDir,
          emptyOutDir: true,
          manifest: true,
          sourcemap: false,
          reportCompressedSize: false,
          rollupOptions: {
            input: { server: path.join(GENERATOR_DIR, SERVER_ENTRY), ...pageInputs },
            checks: { bundlerTimings: false },
            output: { format: "esm", entryFileNames: "[name].mjs", chunkFileNames: "chunks/[name]-[hash].mjs" },
          },
        },
        ssr: { noExternal: [/^@docsearch\//] },
      });
      lap("server bundle");
    } catch (error) {
      rethrowBuildError(error);
    }

    const clientManifest = JSON.parse(readFileSync(path.join(staging, ".vite/manifest.json"), "utf8")) as ViteManifest;
    const serverManifest = JSON.parse(readFileSync(path.join(ssrDir, ".vite/manifest.json"), "utf8")) as ViteManifest;
    rmSync(path.join(staging, ".vite"), { recursive: true, force: true });
    const baseUrl = site.config.baseUrl;
    const url = (file: string) => `${baseUrl}${file}`;
    const keyOf = (source: string) => path.relative(siteDir, source).split(path.sep).join("/");
    const clientEntryKey = keyOf(path.join(GENERATOR_DIR, CLIENT_ENTRY));

    // Route manifests: each route's chunk becomes the URL of its client file.
    const sourceOfChunk = new Map<string, string>();
    const withChunks = (manifest: DocsManifest): DocsManifest => ({
      ...manifest,
      routes: manifest.routes.map((route) => {
        const key = keyOf(route.chunk);
        const entry = clientManifest[key];
        if (!entry) throw new SiteError(`${route.chunk}: the client build produced no chunk for this page`);
        const chunk = url(entry.file);
        sourceOfChunk.set(chunk, route.chunk);
        const { js } = collectImports(clientManifest, key);
        return { ...route, chunk, imports: js.filter((file) => file !== entry.file).map(url) };
      }),
    });
    const manifests = [...site.docsPlugins.map((plugin) => withChunks(plugin.manifest)), withChunks(site.pagesManifest)];
    const manifestFiles = new Map<string, string>();
    mkdirSync(path.join(staging, "assets"), { recursive: true });
    for (const manifest of manifests) {
      const json = JSON.stringify(manifest);
      const file = `assets/routes-${manifest.pluginId.replace(/^_+/, "")}-${hashOf(json)}.json`;
      writeFileSync(path.join(staging, file), json);
      manifestFiles.set(manifest.pluginId, url(file));
    }
    const assets: SiteAssets = {
      manifests: Object.fromEntries(site.docsPlugins.map((plugin) => [plugin.instance.id, manifestFiles.get(plugin.instance.id)!])),
      pagesManifest: manifestFiles.get(site.pagesManifest.pluginId)!,
      siteVersion: site.config.siteVersion,
    };

    // Render every route with the server bundle.
    const server = (await import(pathToFileURL(path.join(ssrDir, "server.mjs")).href)) as typeof ServerEntry;
    const sections = [...site.themeConfig.sections, { pluginId: site.pagesManifest.pluginId, label: site.config.title, routeBasePath: "/" }];
    const importServerPage = async (chunk: string): Promise<PageModule> => {
      const source = sourceOfChunk.get(chunk);
      const entry = source && serverManifest[keyOf(source)];
      if (!entry) throw new SiteError(`${source ?? chunk}: the server build produced no module for this page`);
      return (await import(pathToFileURL(path.join(ssrDir, entry.file)).href)) as PageModule;
    };
    const store = new server.RouteStore(sections, {
      loadManifest: async (pluginId) => manifests.find((manifest) => manifest.pluginId === pluginId)!,
      importPage: (route) => importServerPage(route.chunk),
    });
    for (const manifest of manifests) store.setManifest(manifest);
    const entryAssets = collectImports(clientManifest, clientEntryKey);
    const rendered: (PageLinks & { sections: SearchSection[]; pluginId?: string; title?: string; sectionLabel?: string })[] = [];

    const renderPage = (routePath: string, manifest: DocsManifest | undefined, routeJs: string[], routeCss: string[]) => {
      let result: ReturnType<typeof server.render>;
      try {
        result = server.render(routePath, site.themeConfig, assets, store);
      } catch (error) {
        const source = manifest?.routes.find((route) => route.path === routePath)?.chunk;
        throw new SiteError(`Rendering ${routePath}${source ? ` (${sourceOfChunk.get(source) ?? source})` : ""} failed: ${(error as Error).message}`, { cause: error });
      }
      const html = htmlDocument({
        config: site.themeConfig,
        siteVersion: site.config.siteVersion,
        head: result.head,
        appHtml: result.html,
        assets,
        cssFiles: [...new Set([...entryAssets.css, ...routeCss])].map(url),
        entryScript: url(clientManifest[clientEntryKey].file),
        modulePreloads: [...new Set([...entryAssets.js.slice(1).map(url), ...routeJs])],
        dataPreloads: manifest ? [manifestFiles.get(manifest.pluginId)!] : [],
      });
      return { html, result };
    };

    for (const manifest of manifests) {
      for (const route of manifest.routes) {
        await store.preload(route.path);
        const key = keyOf(sourceOfChunk.get(route.chunk)!);
        const { js, css } = collectImports(clientManifest, key);
        const { html, result } = renderPage(route.path, manifest, js.map(url), css);
        const file = path.join(staging, routeToHtmlFile(route.path));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
        rendered.push({
          ...summarizeLinks({ route: route.path, html: result.html }),
          sections: searchSections.get(sourceOfChunk.get(route.chunk)!) ?? [],
          pluginId: route.doc ? manifest.pluginId : undefined,
          title: route.doc?.title,
          sectionLabel: route.doc ? manifest.label : undefined,
        });
      }
    }
    const notFound = renderPage("/__not-found__", undefined, [], []);
    writeFileSync(path.join(staging, "404.html"), notFound.html);
    lap("render pages");

    // Static files are copied before the link check, so links to them count as existing.
    const staticDir = path.join(siteDir, "static");
    if (existsSync(staticDir)) cpSync(staticDir, staging, { recursive: true });

    const searchFiles = await buildSearchFiles(rendered);
    for (const [file, contents] of searchFiles) {
      const target = path.join(staging, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, contents);
    }
    lap("search index");

    const report = checkLinks(rendered, listFiles(staging));
    for (const anchor of report.missingAnchors) warn(`missing anchor: ${anchor.source} -> ${anchor.target}`);
    if (report.broken.length > 0) {
      throw new SiteError(
        `Broken links found (${report.broken.length}); each is "source page -> target":\n${report.broken.map((link) => `  ${link.source} -> ${link.target}`).join("\n")}`,
      );
    }
    lap("link check");

    const routes = rendered.map((page) => page.route);
    writeFileSync(path.join(staging, "sitemap.xml"), sitemap(site, routes));
    swapIntoPlace(staging, outDir);
    lap("write");
    log(`Built ${routes.length} pages into ${path.relative(process.cwd(), outDir) || outDir}`);
    return { outDir, routes, warnings, timings };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await pool?.close();
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

async function buildSearchFiles(pages: { route: string; sections: SearchSection[]; pluginId?: string; title?: string; sectionLabel?: string }[]): Promise<Map<string, string | Uint8Array>> {
  const { buildSearchIndex } = await import("../../../plugins/search/buildIndex");
  return buildSearchIndex(
    pages
      .filter((page) => page.pluginId)
      .map((page) => {
        // Every compiled page has at least its intro: none means the compile was never seen.
        if (page.sections.length === 0) throw new SiteError(`${page.route}: no search sections came out of the Markdown compile of this page`);
        return { url: page.route, pluginId: page.pluginId!, sectionLabel: page.sectionLabel!, pageTitle: page.title!, sections: page.sections };
      }),
  );
}

function sitemap(site: SiteData, routes: string[]): string {
  const entries = routes.map((route) => `  <url><loc>${site.config.url}${route}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}
