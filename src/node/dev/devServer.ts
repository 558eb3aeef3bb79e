import { escapeHtml } from "../../core/html";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import type { DocsManifest, PageModule, SiteAssets } from "../../core/types";
import type * as ServerEntry from "../../client/serverEntry";
import { htmlDocument } from "../render/htmlDocument";
import { formatDiagnostic } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import { contentType, resolveRequest } from "../serve/resolveRequest";
import { loadSite, type SiteData } from "../loadSite";
import { baseViteConfig } from "../bundle/viteConfig";

export interface DevServerOptions {
  siteDir: string;
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
const SEARCH_PREFIX = "/search-index/";


/**
 * The authoring server: Vite serves the modules with hot updates; every page
 * request is rendered on the server like the production build, then hydrated.
 * Content changes reload the route manifests and tell open pages to refetch them.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const siteDir = path.resolve(options.siteDir);
  const log = options.log ?? console.log;
  let site: SiteData = await loadSite(siteDir, { includeDrafts: true });
  let contentError: Error | null = null;
  let searchFiles: Map<string, string | Uint8Array> | null = null;

  const httpServer: Server = createHttpServer();
  const vite: ViteDevServer = await createViteServer({
    ...baseViteConfig({ siteDir, getSite: () => site, dev: true, devChunkUrl, onWarning: (d) => log(`[warning] ${formatDiagnostic(d)}`) }),
    mode: "development",
    server: { middlewareMode: true, hmr: { server: httpServer }, fs: { allow: [siteDir, GENERATOR_DIR] } },
    appType: "custom",
  });

  const devManifest = (manifest: DocsManifest): DocsManifest => ({
    ...manifest,
    routes: manifest.routes.map((route) => ({ ...route, chunk: devChunkUrl(route.chunk) })),
  });
  const allManifests = () => [...site.docsPlugins.map((plugin) => plugin.manifest), site.pagesManifest];
  const assets = (): SiteAssets => ({
    manifests: Object.fromEntries(site.docsPlugins.map((plugin) => [plugin.instance.id, `${MANIFEST_PREFIX}${plugin.instance.id}.json`])),
    pagesManifest: `${MANIFEST_PREFIX}${site.pagesManifest.pluginId}.json`,
    siteVersion: site.config.siteVersion,
  });

  let reloading: Promise<void> = Promise.resolve();
  let reloadTimer: NodeJS.Timeout | undefined;
  const scheduleReload = (configChanged: boolean) => {
    clearTimeout(reloadTimer);
    reloading = new Promise<void>((resolve) => {
      reloadTimer = setTimeout(async () => {
        const before = new Map(allManifests().map((manifest) => [manifest.pluginId, JSON.stringify(manifest)]));
        try {
          site = await loadSite(siteDir, { includeDrafts: true });
          contentError = null;
        } catch (error) {
          contentError = error as Error;
          log(`[error] ${(error as Error).message}`);
        }
        searchFiles = null;
        if (configChanged) {
          const module = vite.moduleGraph.getModuleById("\0virtual:site-config");
          if (module) vite.moduleGraph.invalidateModule(module);
          vite.ws.send({ type: "full-reload" });
        } else {
          for (const manifest of allManifests()) {
            if (before.get(manifest.pluginId) !== JSON.stringify(manifest)) vite.ws.send({ type: "custom", event: "site:manifest-changed", data: { pluginId: manifest.pluginId } });
          }
          vite.ws.send({ type: "custom", event: "site:content-changed", data: {} });
        }
        resolve();
      }, 40);
    });
  };
  const isContentFile = (file: string) => /\.(mdx?|json|ya?ml)$/.test(file) && file.startsWith(path.join(siteDir, "docs"));
  const isSiteCode = (file: string) => file === path.join(siteDir, "site.config.ts") || site.docsPlugins.some((p) => p.instance.sidebarPath && path.resolve(siteDir, p.instance.sidebarPath) === file);
  for (const event of ["add", "unlink", "change"] as const) {
    vite.watcher.on(event, (file: string) => {
      if (isSiteCode(file)) scheduleReload(true);
      else if (isContentFile(file)) scheduleReload(false);
    });
  }

  const renderPage = async (url: string): Promise<{ status: number; html: string }> => {
    const pathname = url.split(/[?#]/)[0];
    const server = (await vite.ssrLoadModule(path.join(GENERATOR_DIR, "src/client/serverEntry.tsx"))) as typeof ServerEntry;
    const manifests = allManifests().map(devManifest);
    const sections = [...site.themeConfig.sections, { pluginId: site.pagesManifest.pluginId, label: site.config.title, routeBasePath: "/" }];
    const store = new server.RouteStore(sections, {
      loadManifest: async (pluginId) => manifests.find((manifest) => manifest.pluginId === pluginId)!,
      importPage: async (route) => (await vite.ssrLoadModule(route.chunk.replace(/^\/@fs/, ""))) as PageModule,
    });
    await store.preload(pathname);
    const result = server.render(url, site.themeConfig, assets(), store);
    const section = store.sectionOf(pathname);
    const html = htmlDocument({
      config: site.themeConfig,
      siteVersion: site.config.siteVersion,
      head: result.head,
      appHtml: result.html,
      assets: assets(),
      cssFiles: [],
      entryScript: devChunkUrl(path.join(GENERATOR_DIR, "src/client/entry.tsx")),
      modulePreloads: [],
      dataPreloads: section ? [section.pluginId === site.pagesManifest.pluginId ? assets().pagesManifest : assets().manifests[section.pluginId]] : [],
    });
    return { status: result.status, html: await vite.transformIndexHtml(url, html) };
  };

  const errorPage = (error: Error) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error</title>
<script type="module" src="/@vite/client"></script>
<script type="module">if (import.meta.hot) import.meta.hot.on("site:content-changed", () => location.reload());</script>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1c1e21}pre{background:#fdeceb;color:#7a1d16;padding:1rem;border-left:4px solid #c0362c;white-space:pre-wrap}</style></head>
<body><h1>This page could not be built</h1><pre id="dev-error">${escapeHtml(error.message)}</pre><p>Fix the file and save: this page reloads by itself.</p></body></html>`;

  const searchFile = async (relative: string): Promise<string | Uint8Array | undefined> => {
    if (!searchFiles) {
      const { buildSearchIndex } = await import("../../../plugins/search/buildIndex");
      const { compileSearchSections } = await import("../../../plugins/search/compileSections");
      const pages = [];
      for (const plugin of site.docsPlugins) {
        for (const route of plugin.manifest.routes) {
          const sections = await compileSearchSections(route.chunk, site);
          pages.push({ url: route.path, pluginId: plugin.instance.id, sectionLabel: plugin.instance.label, pageTitle: route.doc!.title, sections });
        }
      }
      searchFiles = buildSearchIndex(pages);
    }
    return searchFiles.get(relative);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? "/";
    const pathname = url.split(/[?#]/)[0];
    await reloading;
    if (pathname.startsWith(MANIFEST_PREFIX)) {
      const pluginId = decodeURIComponent(pathname.slice(MANIFEST_PREFIX.length).replace(/\.json$/, ""));
      const manifest = allManifests().find((candidate) => candidate.pluginId === pluginId);
      if (!manifest) return void response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(devManifest(manifest)));
      return;
    }
    if (pathname.startsWith(SEARCH_PREFIX) || pathname.startsWith("/search-index")) {
      const contents = await searchFile(pathname.slice(1));
      if (contents === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": contentType(pathname), "Cache-Control": "no-store" }).end(contents);
      return;
    }
    const staticDir = path.join(siteDir, "static");
    if (existsSync(staticDir) && pathname !== "/") {
      const resolution = resolveRequest(staticDir, pathname, (file) => existsSync(file) && statSync(file).isFile());
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

  httpServer.on("request", (request, response) => {
    vite.middlewares(request, response, () => {
      handle(request, response).catch((error: unknown) => {
        log(`[error] ${(error as Error).stack ?? error}`);
        if (!response.headersSent) response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port, options.host, resolve);
  });
  return {
    url: `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${options.port}/`,
    settled: () => reloading,
    close: async () => {
      await vite.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
