import { existsSync, readFileSync } from "node:fs";
import { isServableFile } from "../serve/safeFile";
import { devErrorPage } from "./errorPage";
import { safeDecodeURIComponent } from "../../core/paths";
import { findConfigFile, loadSiteConfig, SITE_CONFIG_FILE } from "../config/load";
import type { SiteConfig } from "../config/types";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import type { DocsManifest, PageModule, RouteIndex, SiteAssets } from "../../core/types";
import { sectionKey } from "../../core/routeMatch";
import type * as ServerEntry from "../../client/serverEntry";
import { createRenderer } from "../render/renderRoute";
import { CLIENT_ENTRY, SERVER_ENTRY } from "../build/appEntries";
import { sectionRouteData } from "../build/routeManifests";
import { joinedText } from "../plugins/emittedParts";
import { createPageCompiler } from "../bundle/compileSource";
import { CompilePool, workersAvailable } from "../markdown/compilePool";
import { devPageFacts } from "./devFiles";
import { formatDiagnostic } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import { cacheDir } from "../cache";
import { contentType, resolveRequest } from "../serve/resolveRequest";
import { loadSite, routeSections, type SiteData } from "../loadSite";
import { baseViteConfig } from "../bundle/viteConfig";
import { oneReactDevSsr } from "../bundle/oneReact";
import { createSsrTheme } from "./ssrTheme";
import { siteWatcher } from "./siteWatcher";
import { ssrLoadModule } from "./lazyImportMeta";

export interface DevServerOptions {
  siteDir: string;
  /** 0 lets the system pick a free one; the server's url names it. */
  port: number;
  host: string;
  log?(message: string): void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
  /** Resolves when the latest content change has been reloaded (tests wait on it). */
  settled(): Promise<void>;
}

const devChunkUrl = (file: string) => `/@fs${file}`;
const MANIFEST_PREFIX = "/__routes/";
const EMPTY_DOCUMENT = "<!doctype html><html><head></head><body></body></html>";
const HEAD_OPEN = /<head[^>]*>/;
const HEAD_CONTENT = /<head[^>]*>([\s\S]*)<\/head>/;
/** True when the site is configured by a docusaurus.config.* rather than our site.config.ts. */
const isDocusaurusSite = (siteDir: string) => path.basename(findConfigFile(siteDir) ?? SITE_CONFIG_FILE) !== SITE_CONFIG_FILE;
/** When no page is asked for this soon after the start, the site's folders are watched anyway. */
const WATCH_WITHOUT_REQUEST_MS = 1000;


/**
 * The authoring server: Vite serves the modules with hot updates; every page
 * request is rendered on the server like the production build, then hydrated.
 * Content changes reload the route manifests and tell open pages to refetch them.
 */
/** The Try it editor's packages: imported only on the first press, so Vite's first scan never sees them. */
const PLAYGROUND_EDITOR_PACKAGES = ["@codemirror/commands", "@codemirror/lang-javascript", "@codemirror/language", "@codemirror/state", "@codemirror/view", "@lezer/highlight"];

/**
 * What Vite's dependency optimizer must bundle up front on a site with a playground. Found later
 * (the first press of Try it, the worker's imports), they make it bundle again while a page is
 * open: requests for the first bundle's files then fail with 504 "Outdated Optimize Dep".
 */
async function playgroundDependencies(loadingConfig: Promise<SiteConfig>): Promise<string[]> {
  const config = await loadingConfig.catch(() => undefined);
  return config?.playground ? [...PLAYGROUND_EDITOR_PACKAGES, ...config.playground.packages] : [];
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const siteDir = path.resolve(options.siteDir);
  const log = options.log ?? console.log;
  // Reading the content (file names and front matter only: pages compile when first requested)
  // and starting Vite do not depend on each other: they run side by side. Vite asks for the site
  // only once it loads a module, after the load below.
  // One compile thread, started now: it loads the Markdown toolchain (half a second of CPU) on the
  // other core while this one starts Vite, so the first page requested compiles at once.
  const pool = workersAvailable() ? new CompilePool(new Map(), 1) : undefined;
  pool?.start();
  const ssrTheme = createSsrTheme(siteDir);
  // The theme loads before the site's config: loading the config installs module hooks (tsx's, the
  // config shims'), after which every module Node imports takes a round trip to the hooks' thread
  // (twice the CPU for the theme). A failure here is shown by the first request's error page.
  await ssrTheme?.serverEntry().catch(() => undefined);
  const loadingConfig = loadSiteConfig(siteDir);
  const loadingSite = loadSite(siteDir, { dev: true, config: loadingConfig });
  loadingSite.catch(() => undefined); // handled where it is awaited
  // A content error at start is shown like one made later: the server starts and every page shows it until fixed.
  let site: SiteData | undefined;
  let contentError: Error | null = null;
  /** The loaded site; requests that need it are answered with the error page while there is none. */
  const currentSite = (): SiteData => {
    if (!site) throw contentError ?? new Error("the site has not loaded");
    return site;
  };
  let emitted: Map<string, string | Uint8Array> | null = null;
  const compilePage = createPageCompiler(currentSite, {
    dev: true,
    // Plugins' own Markdown plugins are functions, which cannot cross to a thread: those sites compile here.
    compile: (job) => {
      const current = currentSite();
      if (!pool || current.plugins.some((plugin) => plugin.markdown)) return undefined;
      pool.setRoutes(current.routeOfSource);
      return pool.compile(job);
    },
  });

  const httpServer: Server = createHttpServer();
  const watch = siteWatcher(siteDir);
  const base = baseViteConfig({ siteDir, getSite: currentSite, dev: true, devChunkUrl, compilePage, onWarning: (d) => log(`[warning] ${formatDiagnostic(d)}`) });
  const reactSsr = oneReactDevSsr();
  const vite: ViteDevServer = await createViteServer({
    ...base,
    plugins: [...(ssrTheme ? [ssrTheme.vitePlugin] : []), ...(base.plugins ?? [])],
    mode: "development",
    server: { middlewareMode: true, hmr: { server: httpServer }, fs: { allow: [siteDir, GENERATOR_DIR] }, watch: { ignored: [watch.ignored] } },
    appType: "custom",
    // Vite's default is node_modules/.vite of the nearest package.json, which sites without one of
    // their own share (two dev servers at once pre-bundled into one folder, each replacing the other's
    // files under the page the other was loading). Each site gets its own, with our other caches.
    cacheDir: cacheDir(siteDir, "vite"),
    // Vite looks for the browser's npm imports from every HTML file under the site unless told where to
    // start: on 2,000 pages that read each page of the last build (seconds), and a dev server stopped
    // before the scan ends starts it again next time. The browser starts at the client entry. The scan
    // reads a Docusaurus site's own .js files (a swizzled MDXComponents) as JSX, as jsxInJsPlugin does.
    optimizeDeps: { entries: [CLIENT_ENTRY], include: await playgroundDependencies(loadingConfig), ...(isDocusaurusSite(siteDir) ? { rolldownOptions: { moduleTypes: { ".js": "jsx" } } } : {}) },
    ssr: { noExternal: reactSsr.noExternal },
    environments: { ssr: { resolve: { builtins: reactSsr.builtins } } },
  });
  const loadServerEntry = async () => (ssrTheme ? ssrTheme.serverEntry() : ((await ssrLoadModule(vite, SERVER_ENTRY)) as typeof ServerEntry));
  try {
    site = await loadingSite;
    // The theme (every page needs it) starts loading now, while the browser is still on its way;
    // the first request awaits the same load. A failure here shows on that request's error page.
    loadServerEntry().catch(() => undefined);
  } catch (error) {
    contentError = error as Error;
    log(`[error] ${contentError.message}`);
    // No page can be served until the fix, so there is no first page to wait for: the fix must not
    // land while the watcher is still reading the folders, or its change is never seen.
    watch.start(vite.watcher);
  }

  const manifestUrl = (key: string) => `${MANIFEST_PREFIX}${encodeURIComponent(key)}.json`;
  const devManifest = (manifest: DocsManifest): DocsManifest => ({
    ...manifest,
    routes: manifest.routes.map((route) => ({ ...route, chunk: devChunkUrl(route.chunk) })),
  });
  // The sections as the browser loads them (indexes, route chunks, sidebars), made once per content load.
  const routeDataBySite = new WeakMap<SiteData, { indexes: RouteIndex[]; files: Map<string, string> }>();
  const routeData = (loaded: SiteData) => {
    let data = routeDataBySite.get(loaded);
    if (!data) {
      const sections = loaded.manifests.map((manifest) => sectionRouteData(devManifest(manifest), (part) => `${MANIFEST_PREFIX}${part}.json`));
      data = { indexes: sections.map((section) => section.index), files: new Map(sections.flatMap((section) => [...section.files])) };
      routeDataBySite.set(loaded, data);
    }
    return data;
  };
  const assets = (): SiteAssets => ({ routeSections: routeSections(currentSite(), manifestUrl), siteVersion: currentSite().config.siteVersion });

  let reloading: Promise<void> = Promise.resolve();
  let reloadTimer: NodeJS.Timeout | undefined;
  const scheduleReload = (configChanged: boolean) => {
    clearTimeout(reloadTimer);
    reloading = new Promise<void>((resolve) => {
      reloadTimer = setTimeout(async () => {
        const before = new Map(site?.manifests.map((manifest) => [sectionKey(manifest), JSON.stringify(manifest)]));
        // With no site loaded before, open pages know nothing worth keeping: they reload in full.
        const reloadInFull = configChanged || !site;
        try {
          site = await loadSite(siteDir, { dev: true });
          contentError = null;
        } catch (error) {
          contentError = error as Error;
          log(`[error] ${(error as Error).message}`);
        }
        emitted = null;
        if (reloadInFull || !site) {
          const module = vite.moduleGraph.getModuleById("\0virtual:site-config");
          if (module) vite.moduleGraph.invalidateModule(module);
          vite.ws.send({ type: "full-reload" });
        } else {
          for (const manifest of site.manifests) {
            if (before.get(sectionKey(manifest)) !== JSON.stringify(manifest)) vite.ws.send({ type: "custom", event: "site:manifest-changed", data: { key: sectionKey(manifest) } });
          }
          vite.ws.send({ type: "custom", event: "site:content-changed", data: {} });
        }
        resolve();
      }, 40);
    });
  };
  // Before the site first loads, no plugin has said what it reads: any change may be the fix.
  const watchedBy = (file: string) => !site || site.plugins.some((plugin) => (plugin.getPathsToWatch?.() ?? []).some((watched) => file === watched || file.startsWith(watched + path.sep)));
  const isContentFile = (file: string) => /\.(mdx?|json|ya?ml)$/.test(file) && watchedBy(file);
  const isSiteCode = (file: string) => file === findConfigFile(siteDir) || (/\.[cm]?[jt]s$/.test(file) && watchedBy(file));
  for (const event of ["add", "unlink", "change"] as const) {
    vite.watcher.on(event, (file: string) => {
      // The theme's pages, loaded before the edit, hold the old bundle's modules: load them again.
      if (ssrTheme?.fileChanged(file)) vite.environments.ssr.moduleGraph.invalidateAll();
      if (isSiteCode(file)) scheduleReload(true);
      else if (isContentFile(file)) scheduleReload(false);
    });
  }

  // What Vite and its plugins add to a page's <head> in dev (its client, React's refresh preamble).
  // Taken once from an empty document: running transformIndexHtml on every rendered page parses
  // the whole document (2 s of a cold start's 4.5 s on this site) to add the same few tags.
  let devHeadTags: Promise<string> | undefined;
  const headTags = () => {
    devHeadTags ??= vite.transformIndexHtml("/", EMPTY_DOCUMENT).then((html) => HEAD_CONTENT.exec(html)?.[1] ?? "");
    return devHeadTags;
  };

  const renderPage = async (url: string): Promise<{ status: number; html: string }> => {
    const server = await loadServerEntry();
    const render = createRenderer({
      site: currentSite(),
      assets: assets(),
      server,
      ...routeData(currentSite()),
      importPage: async (route) => (await ssrLoadModule(vite, route.chunk.replace(/^\/@fs/, ""))) as PageModule,
      pageAssets: () => ({ cssFiles: [], entryScript: devChunkUrl(CLIENT_ENTRY), modulePreloads: [] }),
    });
    const [page, tags] = await Promise.all([render(url), headTags()]);
    return { status: page.status, html: page.html.replace(HEAD_OPEN, (head) => `${head}${tags}`) };
  };

  const errorPage = devErrorPage;

  /** Plugins' emitted files (search index, sitemap), made on first request after a change. */
  const emittedFile = async (relative: string): Promise<string | Uint8Array | undefined> => {
    if (!emitted) {
      const loaded = currentSite();
      const facts = await devPageFacts(loaded, compilePage);
      const files = new Map<string, string | Uint8Array>(loaded.dataFiles);
      for (const plugin of loaded.plugins) {
        const out = await plugin.emitFiles?.({ siteConfig: loaded.config, routes: loaded.routes, factsOf: (route) => facts.get(route.component) });
        for (const [file, contents] of Object.entries(out ?? {})) files.set(file, typeof contents === "string" || contents instanceof Uint8Array ? contents : joinedText(contents));
      }
      emitted = files;
    }
    return emitted.get(relative);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? "/";
    const pathname = url.split(/[?#]/)[0];
    await reloading;
    if (pathname.startsWith(MANIFEST_PREFIX)) {
      const key = safeDecodeURIComponent(pathname.slice(MANIFEST_PREFIX.length).replace(/\.json$/, ""));
      const data = site && routeData(site);
      const json = data?.files.get(pathname) ?? JSON.stringify(data?.indexes.find((candidate) => sectionKey(candidate) === key) ?? null);
      if (json === "null") return void response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(json);
      return;
    }
    // Plugins' files (sitemap.xml, search-index/*.json) have extensions; routes do not. While the
    // content is broken they cannot be made, and the page request below shows why.
    const contents = !contentError && /\.[a-z0-9]+$/i.test(pathname) ? await emittedFile(safeDecodeURIComponent(pathname.slice(1))) : undefined;
    if (contents !== undefined) {
      response.writeHead(200, { "Content-Type": contentType(pathname), "Cache-Control": "no-store" }).end(contents);
      return;
    }
    const staticDir = path.join(siteDir, "static");
    if (existsSync(staticDir) && pathname !== "/") {
      const resolution = resolveRequest(staticDir, pathname, (file) => isServableFile(file, siteDir));
      if (resolution.kind === "file" && !resolution.file.endsWith("index.html")) {
        response.writeHead(200, { "Content-Type": contentType(resolution.file) }).end(readFileSync(resolution.file));
        return;
      }
    }
    if (contentError) {
      response.writeHead(500, { "Content-Type": "text/html; charset=utf-8" }).end(errorPage(contentError));
      return;
    }
    try {
      const { status, html } = await renderPage(url);
      response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      log(`[error] ${(error as Error).message}`);
      response.writeHead(500, { "Content-Type": "text/html; charset=utf-8" }).end(errorPage(error as Error));
    }
  };

  // The site's folders are watched once the first page is out, or soon after the start when no page is asked for.
  const startWatching = () => watch.start(vite.watcher);
  const watchAnyway = setTimeout(() => requestsHandled === 0 && startWatching(), WATCH_WITHOUT_REQUEST_MS);
  let requestsHandled = 0;
  httpServer.on("request", (request, response) => {
    vite.middlewares(request, response, () => {
      requestsHandled++;
      handle(request, response)
        .catch((error: unknown) => {
          log(`[error] ${(error as Error).stack ?? error}`);
          if (!response.headersSent) response.writeHead(500).end(String(error));
        })
        .finally(startWatching);
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port, options.host, resolve);
  });
  // Port 0 asks the system for a free port: the URL names the one it gave.
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${port}/`,
    settled: () => reloading,
    close: async () => {
      clearTimeout(watchAnyway);
      await pool?.close();
      await vite.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
