import { cpSync, existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { routeToHtmlFile } from "../../core/paths";
import type { RouteSummary } from "../plugins/types";
import { formatDiagnostic, SiteError, type Diagnostic } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import { loadSite } from "../loadSite";
import { MARKDOWN_SOURCE, startSourceTexts, stopSourceTexts, unreadSource } from "../sourceTexts";
import { takePrestartedPool } from "../markdown/compilePool";
import { ALL_CORES_PAGES, compilePoolFor, startCompilePool } from "./compileThreads";
import type { PageFacts } from "../markdown/facts";
import type { CompiledPage } from "../markdown/compile";
import type { CompileResult } from "../bundle/compileSource";
import type { RunnableExample } from "../../core/playground";
import { contentSecurityPolicy, HEADERS_FILE, headersFile } from "../render/contentSecurityPolicy";
import { checkSiteLinks } from "./checkSiteLinks";
import { announceBuildStart, startPluginFiles, writePluginFiles } from "./emitFiles";
import { withBuiltImages } from "./copyImages";
import { writeRouteManifests } from "./routeManifests";
import { playgroundInputs, runnableExamplesWriter } from "./runnableExamples";
import { placeOutput, swapIntoPlace } from "./swap";
import { claimMerge, releaseClaim } from "./mergeOutput";
import { discardTogether } from "./removeTree";
import type { ViteManifest } from "./viteManifest";
import { pageRenderer, type PageRenderInput } from "./pageRenderer";
import { renderPages, type RenderedPage } from "./renderPages";
import { RenderThread, wantsRenderThread } from "./renderThread";
import { cleanLeftovers, isProcessAlive, removeOnInterrupt } from "./leftovers";
import { writeAssetsManifest } from "./assetsManifest";
import { outputWriter, type BackgroundOutputWriter } from "./outputWriter";
import { RenderCache } from "./renderCache";
import { CLIENT_ENTRY } from "./appEntries";
import { copyStaticFiles } from "./staticCopy";
import { assertOutputDirReplaceable, siteInputPaths } from "./outputGuard";
import { listFiles } from "./outputListing";
import { DEFAULT_OUT_DIR, derivedFilesFit, inputFingerprint, isReusable, previousFilesOf, rememberOutput, siteModuleFiles, takeLastOutput, withListing } from "./outputCache";
import { linkOrCopy, restoreAppBundle, saveAppBundle } from "./appBundleCache";
import { ServerModuleStore } from "./serverModuleStore";
import { playgroundDatabase } from "../bundle/playgroundDatabase";
import { stepTimer } from "./stepTimer";

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

let buildCount = 0;

/** The Rollup input name of a page: stable and readable, so chunk names say which page they are. */
function inputName(siteDir: string, generatorDir: string, source: string): string {
  const relative = (source.startsWith(siteDir) ? path.relative(siteDir, source) : path.relative(generatorDir, source)).replace(/\.(mdx?|tsx?)$/, "");
  return `page-${relative.replace(/^docs\//, "").replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

/**
 * Builds the site into a staging folder and swaps it into place (or merges a rebuild's changes
 * in place: mergeOutput.ts) only when every step succeeded, so a failed build leaves the last output.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const siteDir = path.resolve(options.siteDir);
  const outDir = path.resolve(siteDir, options.outDir ?? DEFAULT_OUT_DIR);
  const staging = `${outDir}.tmp-${process.pid}`;
  // Node caches imported modules by path: every build needs fresh server bundle paths.
  const ssrDir = path.join(siteDir, `.cache/ssr-${process.pid}-${++buildCount}`);
  const log = options.log ?? (() => undefined);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const { timings, lap } = stepTimer();

  cleanLeftovers(siteDir, outDir);
  const forgetStaging = removeOnInterrupt([staging, ssrDir]);
  rmSync(staging, { recursive: true, force: true });
  const prestart = takePrestartedPool();
  let pool = prestart.pool ?? (prestart.deferred ? undefined : startCompilePool());
  let writer: BackgroundOutputWriter | undefined;
  let inPlace = false;
  // The folders this build leaves behind, removed by one process at its end.
  const garbage = discardTogether();
  // Checked while the site loads: whether the last output is as that build left it.
  const lastOutput = takeLastOutput(siteDir);
  startSourceTexts(siteDir);
  try {
    const site = await loadSite(siteDir, { dev: false });
    const contentDirs = site.plugins.flatMap((plugin) => plugin.getPathsToWatch?.() ?? []);
    assertOutputDirReplaceable(siteDir, outDir, siteInputPaths(siteDir, contentDirs));
    lap("load content");

    // The inputs are hashed while the last output's listing still runs: a rebuild whose inputs
    // changed does not wait for it here, but goes on to its pages' cache lookups.
    const sameInputs = lastOutput.record !== undefined && isReusable(site, lastOutput.record);
    const untouched = sameInputs ? await lastOutput.untouched : undefined;
    const previous = untouched && isReusable(site, untouched) ? untouched : undefined;
    if (previous) {
      // Same inputs as the last build, whose output is untouched: it is what this build would write.
      if (previous.outDir !== outDir) {
        cpSync(previous.outDir, staging, { recursive: true });
        await swapIntoPlace(staging, outDir, garbage.discard);
        await rememberOutput(site, { ...previous, outDir });
      }
      for (const message of previous.warnings) warn(message);
      lap("reuse unchanged output");
      log(`Built ${previous.routes.length} pages into ${path.relative(process.cwd(), outDir) || outDir} (inputs unchanged since the last build: its output reused)`);
      return { outDir, routes: previous.routes, warnings, timings };
    }
    // Made on a thread of its own (about 5.5 s of PGlite's initdb and dump when not cached) while everything
    // else runs; the bundle names it by its inputs and the output gets it after the render.
    const database = playgroundDatabase(site);
    announceBuildStart(site);
    const [{ createPageCompiler }, { runtimeInputs, standaloneSources, writeStandalonePages }, { prismThemeStylesheet, resolvePrismThemes }] = await Promise.all([
      import("../bundle/compileSource"),
      import("./standalonePages"),
      import("../markdown/prismTheme"),
    ]);
    const { CODE_THEME_MODULE } = await import("../bundle/sitePlugin");

    const pageSources = [...new Set(site.routes.map((route) => route.component))];
    // Unread: a rebuild reads only the sources it compiles.
    const markdownSources = new Map(pageSources.filter((source) => MARKDOWN_SOURCE.test(source)).map((source) => [source, unreadSource(source)]));

    const facts = new Map<string, PageFacts>();
    /** The compile cache's key of each page compiled outside the bundler, for plugins (compileKeyOf). */
    const compileKeys = new Map<string, string>();
    const runnableExamples = new Map<string, Record<number, RunnableExample>>();
    const compiled = (source: string, page: CompiledPage) => {
      facts.set(source, page.facts);
      if (page.runnableExamples) runnableExamples.set(source, page.runnableExamples);
    };
    // The pool as it is when a page compiles: made ready for the site below, once the cache was asked.
    const compilePage = createPageCompiler(() => site, { dev: false, compile: (job) => pool?.compile(job) });
    /** Each page's compile, asked for once: its cached facts may be read before its output is written. */
    const compiles = new Map<string, Promise<CompileResult>>();
    /** A page compiled outside the bundler, reporting what the bundler's compile would: its warnings (once) and facts. */
    const compiledPage = (source: string) => {
      let compile = compiles.get(source);
      if (!compile) {
        compile = compilePage(source, markdownSources.get(source)!).then((result) => {
          if (result.fresh) for (const warning of result.page.warnings) warn(formatDiagnostic(warning));
          compiled(source, result.page);
          if (result.key) compileKeys.set(source, result.key);
          return result;
        });
        compiles.set(source, compile);
      }
      return compile;
    };
    // Threads for the pages the cache lacks: a second one loading the Markdown toolchain (0.76 s of
    // CPU) for the one page a rebuild compiles only competed with the rest of the build for the cores.
    const toCompile = [...markdownSources].filter(([source, unread]) => !compilePage.known(source, unread));
    pool = await compilePoolFor(pool, site, pageSources.length, toCompile.length);
    // The workers compile those pages while Vite starts and bundles the theme; the bundles then find them done.
    if (pool) for (const [source, unread] of toCompile) compilePage.prefetch(source, unread);
    // Each bundle gets its own plugin instances (plugins keep per-build state), sharing one compiler.
    const viteConfig = (baseViteConfig: typeof import("../bundle/viteConfig").baseViteConfig) =>
      baseViteConfig({
        siteDir,
        getSite: () => site,
        dev: false,
        onWarning: (diagnostic: Diagnostic) => warn(formatDiagnostic(diagnostic)),
        onCompiled: compiled,
        compilePage,
      });
    const moduleIds: string[] = [];
    const keyOf = (source: string) => path.relative(siteDir, source).split(path.sep).join("/");
    const entryKey = path.relative(siteDir, CLIENT_ENTRY).split(path.sep).join("/");
    const codeStylesheet = prismThemeStylesheet(resolvePrismThemes(site.config.prism));
    const runtime = runtimeInputs(site);
    const looksStandaloneSet = new Set(standaloneSources(siteDir, markdownSources, compilePage.sourceHash));
    let standalone = pageSources.filter((source) => looksStandaloneSet.has(source));
    // The standalone pages' cached facts are read now, while the last output's listing may still run
    // (0.05-0.18 s of a 2,000-page rebuild waited for it here); a failure is reported where the page is written.
    for (const source of standalone) compiledPage(source).catch(() => undefined);
    // The last output, when nobody touched it since, with its record's listing (none if another build stored a record since):
    // its unchanged files are linked, not written again. Awaited only here, where the first page may be written.
    const last = withListing(await lastOutput.untouched);
    const previousOutDir = last?.outDir;
    // Files the writer made, already told to the plugins.
    const told = new Set<string>();
    const written = (file: string, derivedKept = false, bytes?: number, hash?: string) => {
      told.add(file);
      for (const plugin of site.plugins) plugin.outputFileWritten?.({ file, outDir: staging, previousOutDir, derivedKept, bytes, hash });
    };
    const derivedSuffixes = last && derivedFilesFit(last) ? site.plugins.flatMap((plugin) => plugin.derivedFileSuffixes ?? []) : [];
    // Into the folder of its untouched last output, made by this generator: only the changes are staged (mergeOutput.ts).
    inPlace = Boolean(last && previousOutDir === outDir && derivedFilesFit(last)) && claimMerge(outDir, site.plugins, isProcessAlive);
    const output = (writer = outputWriter(staging, { previousOutDir, derivedSuffixes, previousListing: last?.listing, previousHashes: last?.contentHashes, onWritten: written, inPlace }));
    const write = output.write;
    let bundleReused = false;
    const moduleHashes = new Map<string, string>();
    let clientManifest: ViteManifest;
    let serverManifest: ViteManifest;
    let serverModules: ServerModuleStore;
    for (;;) {
      const standaloneSet = new Set(standalone);
      const bundled = pageSources.filter((source) => !standaloneSet.has(source));
      const pageInputs = Object.fromEntries(bundled.map((source) => [inputName(siteDir, GENERATOR_DIR, source), source]));
      let bundle = restoreAppBundle(site, pageInputs, staging, ssrDir);
      bundleReused = Boolean(bundle);
      if (bundle) {
        // What the bundler's compile of its pages would have reported.
        for (const source of bundled.filter((page) => markdownSources.has(page))) await compiledPage(source);
      } else {
        const ids: string[] = [];
        // Vite loads only when something has to be bundled: a rebuild that reuses the app bundle never pays for it.
        const [{ baseViteConfig }, { bundleClient, bundleServer }] = await Promise.all([import("../bundle/viteConfig"), import("./bundle")]);
        // The code-theme stylesheet after the theme's components, where the pages importing it put it.
        const clientSide = () => bundleClient(viteConfig(baseViteConfig), { ...runtime, ...playgroundInputs(site), "theme-code": CODE_THEME_MODULE, ...pageInputs }, staging, (read) => ids.push(...read));
        const serverSide = () => bundleServer(viteConfig(baseViteConfig), { ...runtime, ...pageInputs }, ssrDir);
        // Side by side: while one bundle waits for a page's compile, the other bundles what it has. One after the
        // other from 400 bundled pages: two module graphs that large at once raised a 2,000-page site's peak to 1.85 GB.
        const [client, server] = bundled.length < ALL_CORES_PAGES ? await Promise.all([clientSide(), serverSide()]) : [await clientSide(), await serverSide()];
        bundle = { clientManifest: client, serverManifest: server, moduleIds: ids };
        saveAppBundle(site, pageInputs, bundle, staging, ssrDir);
      }
      ({ clientManifest, serverManifest } = bundle);
      moduleIds.splice(0, moduleIds.length, ...bundle.moduleIds);
      serverModules = new ServerModuleStore(siteDir, moduleHashes);
      const unfit = await writeStandalonePages({
        site,
        pages: standalone.map((source) => ({ source, key: keyOf(source), inputName: inputName(siteDir, GENERATOR_DIR, source) })),
        compiled: compiledPage,
        clientManifest,
        serverManifest,
        clientEntryKey: entryKey,
        isSiteStylesheet: (specifier, source) => path.resolve(path.dirname(source), specifier) === codeStylesheet,
        outDir: staging,
        write,
        keep: output.keepIfListed,
        ssrDir,
        serverModules,
      });
      // Rare: the source promised a plain page, the compile imports more (bundled after all, the same on every build).
      if (unfit.length === 0) break;
      standalone = standalone.filter((source) => !unfit.includes(source));
    }
    moduleIds.push(...standalone);
    // Plugins' files follow from the routes and compiles alone: started now, a thread of a plugin's
    // own (the search index) works while the manifests are written and the pages render.
    const built = withBuiltImages(site, clientManifest);
    const pluginFiles = startPluginFiles(
      site,
      (route) => built.facts(facts.get(route.component)),
      (route) => built.key(compileKeys.get(route.component), facts.get(route.component)),
      previousFilesOf(last),
      (route) => compilePage.storedFacts(compileKeys.get(route.component)),
    );
    // The bundler's files (the pages' own were told as written), final from here on, with their
    // sizes, so work on the largest (compressing PostgreSQL's 15 MB) overlaps the render most.
    await output.flush();
    const bundleFiles = listFiles(path.join(staging, "assets"))
      .filter((file) => !told.has(file))
      .map((file) => ({ file, size: statSync(file).size }));
    for (const { file, size } of bundleFiles.sort((a, b) => b.size - a.size)) written(file, false, size);
    lap(bundleReused ? "pages (app bundle reused)" : "client and server bundles");
    await pool?.close();
    pool = undefined;

    const runnableOf = runnableExamplesWriter({ site, clientManifest, examplesOf: (source) => runnableExamples.get(source), outDir: staging, write });
    const { indexes, files, assets, chunkKeys } = writeRouteManifests({ site, clientManifest, outDir: staging, write, runnableOf });
    await output.flush();
    const renderInput: PageRenderInput = {
      ssrDir,
      site: { themeConfig: site.themeConfig, config: { siteVersion: site.config.siteVersion }, routes: site.routes.map(({ path, component }) => ({ path, component })) },
      assets,
      indexes,
      files,
      serverFiles: new Map(Object.entries(serverManifest).map(([key, entry]) => [key, entry.file])),
      pageAssets: { clientManifest, entryKey, baseUrl: site.config.baseUrl, chunkKeys },
    };
    const { render, importServerModule, pageAssets, serverFileOf } = await pageRenderer(renderInput);
    const renderCache = new RenderCache({
      siteDir,
      ssrDir,
      shared: [site.config, site.themeConfig, assets, pageAssets(undefined)],
      indexes,
      files,
      serverFileOf,
      pageAssetsOf: pageAssets,
      knownFileHashes: moduleHashes,
    });

    const renderedLinks = new Map<string, string[]>();
    const toRender: RouteSummary[] = [];
    for (const route of site.routes) {
      // A page whose every input is as when the last output was rendered keeps that output's HTML.
      const htmlName = routeToHtmlFile(route.path);
      const kept = previousOutDir ? renderCache.kept(route.path, path.join(previousOutDir, htmlName), output.wasListed(path.join(staging, htmlName))) : undefined;
      if (!kept) {
        toRender.push(route);
        continue;
      }
      // Its HTML as it was (no data file it names was renamed): linked from the last output unread.
      if (kept.html === undefined) output.keep(path.join(staging, htmlName));
      else write(path.join(staging, htmlName), kept.html);
      renderedLinks.set(route.path, kept.links);
      await output.room();
    }
    // Only the pages that render need their server modules in place.
    serverModules.link(toRender.flatMap((route) => serverManifest[keyOf(route.component)]?.file ?? []).map((file) => path.join(ssrDir, file)));
    const thread = wantsRenderThread(toRender.length) ? RenderThread.start(renderInput) : undefined;
    let pages: RenderedPage[];
    try {
      pages = await renderPages({
        routes: toRender,
        moduleFileOf: (route) => serverManifest[keyOf(route.component)]?.file,
        render,
        importServerModule,
        thread,
        rendered: (route, page) => write(path.join(staging, routeToHtmlFile(route.path)), page.html),
        room: output.room,
      });
    } finally {
      await thread?.close();
    }
    for (const [index, route] of toRender.entries()) {
      const page = pages[index];
      renderedLinks.set(route.path, page.links);
      if (page.dependencies) renderCache.remember(route.path, { ...page, dependencies: page.dependencies });
    }
    write(path.join(staging, "404.html"), (await render("/__not-found__")).html);
    lap("render pages");

    // Static files are copied before the link check, so links to them count as existing; over the
    // rendered files, as before the writes moved to their own thread.
    await output.flush();
    // The database comes last (below): listed with the bundle's assets now.
    writeAssetsManifest(staging, database ? [database.fileName] : [], "assets", [...output.keptInPlace]);
    const staticDir = path.join(siteDir, "static");
    if (existsSync(staticDir)) copyStaticFiles(staticDir, staging, siteDir);
    for (const [file, json] of site.dataFiles) write(path.join(staging, file), json);
    const policy = contentSecurityPolicy(site.themeConfig, { playground: Boolean(site.config.playground) });
    const ownHeaders = existsSync(path.join(staging, HEADERS_FILE));
    if (!ownHeaders) write(path.join(staging, HEADERS_FILE), headersFile(policy));
    log(`Content-Security-Policy for these pages${ownHeaders ? ` (static/${HEADERS_FILE} is the site's own, so not written there)` : ` (in ${HEADERS_FILE})`}: ${policy}`);
    const pluginsWritten = writePluginFiles(staging, pluginFiles, write, output.room, output.keepIfListed);
    // The site data's hash, for this output's record, while the plugins' threads finish (this thread waits there).
    setImmediate(() => inputFingerprint(site, siteModuleFiles(moduleIds)));
    await pluginsWritten;
    await output.flush();
    lap("plugin files");

    const report = checkSiteLinks(site, staging, facts, renderedLinks, output.keptInPlace);
    for (const message of report.warnings) warn(message);
    if (report.error) throw new SiteError(report.error);
    lap("link check");

    if (database) {
      const target = path.join(staging, database.fileName);
      linkOrCopy(await database.file, target);
      written(target);
    }
    for (const plugin of site.plugins) await plugin.postBuild?.({ siteConfig: site.config, outDir: staging, routes: site.routes, previousOutDir });
    const merge = inPlace && last ? { lastListing: last.listing, keptInPlace: output.keptInPlace, derivedSuffixes } : undefined;
    const listing = await placeOutput(staging, outDir, merge, garbage.discard);
    const routes = site.routes.map((route) => route.path);
    const remembered = rememberOutput(site, { moduleFiles: siteModuleFiles(moduleIds), outDir, warnings, routes }, output.contentHashes, listing);
    renderCache.save();
    await remembered;
    lap("write");
    const keptCount = site.routes.length - toRender.length;
    const notes = [...(keptCount > 0 ? [`${keptCount} unchanged since the last build`] : []), ...(thread ? ["rendered on two threads"] : [])];
    log(`Built ${site.routes.length} pages into ${path.relative(process.cwd(), outDir) || outDir}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`);
    return { outDir, routes, warnings, timings };
  } catch (error) {
    // The writing thread stops first: it must not make files in the staging folder being removed.
    await writer?.close();
    if (inPlace) releaseClaim(outDir);
    // Renamed aside at once, then removed: a plugin may still be finishing a file there (the
    // compress plugin's early copies), which made a removal in place fail now and then on a busy
    // machine (a new file in a folder it was emptying) and leave the staging folder behind.
    garbage.discard(staging);
    throw error;
  } finally {
    stopSourceTexts();
    garbage.discard(ssrDir);
    garbage.flush();
    await Promise.all([pool?.close(), writer?.close()]);
    forgetStaging();
  }
}
