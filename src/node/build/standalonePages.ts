import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { minifySync } from "rolldown/utils";
import { MDX_COMPONENT_NAMES } from "../../core/mdxComponentNames";
import type { PageSource } from "../pageSource";
import { cacheDir, DiskCache } from "../cache";
import type { SiteData } from "../loadSite";
import type { CompiledPage } from "../markdown/compile";
import { DEFERRED_HTML_COMPONENT, DEFERRED_HTML_QUERY } from "../markdown/deferredHtml";
import type { OutputWriter } from "./outputWriter";
import { moduleHash, type ServerModuleStore } from "./serverModuleStore";
import { TransformCache, type TransformedPage } from "./transformCache";
import { rewritePageImports, UnfitPage, type ImportTarget } from "./pageImports";
import type { ViteManifest } from "./viteManifest";

/**
 * Most pages' compiled modules import nothing but React's JSX runtime and a few theme
 * components. Such a page does not need the bundler: its module becomes a chunk on its own, its
 * imports pointed at entry chunks of the app bundle, whose export names stay put (pageImports.ts),
 * and Oxc's minifier (Vite's own, through Rolldown) makes it small for the browser. So
 * the bundler's work (and memory) no longer grows with the number of pages, and a changed page
 * is one small transform instead of a new bundle. Pages importing anything else (their own
 * components, images, partials) go through the bundler as before.
 */

const JSX_RUNTIME = "react/jsx-runtime";
const ESM_LINE = /^[ \t]*(?:import|export)\s/m;
/** A link or image target that is relative and names a file other than a page: the compile imports it as an asset. */
const RELATIVE_FILE_TARGET = /\]\(\s*<?(?![a-z][a-z\d+.-]*:|[/#])[^)\s>]*\.(?!mdx?\b)[a-z\d]+\b/i;
const HTML_SOURCE_ATTRIBUTE = /\bsrc\s*=\s*["'{]/;
/** The browser targets of Vite's default build (its "baseline widely available"). */
const BROWSER_TARGET = ["chrome107", "edge107", "firefox104", "safari16"];

/** Fenced code blocks and code spans, whose text may look like imports or links. */
const FENCED_CODE = /^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1?[ \t]*\2[`~]*[ \t]*$/gm;

/** Whether a page's source promises a module that imports only the page runtime; the compiled module is checked again. */
export function looksStandalone(text: string): boolean {
  const source = text.replace(FENCED_CODE, "").replace(/`[^`\n]*`/g, "");
  return !ESM_LINE.test(source) && !/\brequire\s*\(/.test(source) && !RELATIVE_FILE_TARGET.test(source) && !HTML_SOURCE_ATTRIBUTE.test(source);
}

/** The verdicts' entry in the standalone pages' cache folder. */
const VERDICTS_KEY = "looks-standalone";

/**
 * The page sources whose text looksStandalone, each text's verdict remembered by its hash from the
 * last build: the check runs four patterns over every page's whole text (0.18 s of a 2,000-page
 * rebuild), and a rebuild has the hashes anyway (the compile cache's keys). Only this build's
 * texts are kept, so the record does not grow with the edits.
 */
export function standaloneSources(siteDir: string, sources: ReadonlyMap<string, PageSource>, hashOf: (file: string, source: PageSource) => string): string[] {
  const store = new DiskCache<Record<string, boolean>>(cacheDir(siteDir, "standalone-pages"));
  const last = store.get(VERDICTS_KEY) ?? {};
  const next: Record<string, boolean> = {};
  let changed = false;
  const standalone = [...sources].filter(([file, source]) => {
    const hash = hashOf(file, source);
    let verdict = last[hash];
    if (typeof verdict !== "boolean") {
      verdict = looksStandalone(typeof source === "string" ? source : source.text());
      changed = true;
    }
    next[hash] = verdict;
    return verdict;
  });
  if (changed || Object.keys(last).length !== Object.keys(next).length) store.set(VERDICTS_KEY, next);
  return standalone.map(([file]) => file);
}

/**
 * The theme components standalone pages import, each an entry of both bundles. DeferredHtml,
 * which nearly every page renders, comes from the app entry instead (see APP_EXPORTS). A built
 * route's runnable examples are plain code blocks (runnableExamples.ts), so none imports TryIt.
 */
function runtimeComponents(site: SiteData): string[] {
  const optional: Record<string, boolean> = { TryIt: false, Mermaid: Boolean(site.config.docusaurus?.mermaid) };
  return MDX_COMPONENT_NAMES.filter((name) => optional[name] ?? true);
}

/** What the client and server entries export for standalone pages: the module a page imports, and the entry's name for its default export (or for all, when null). */
const APP_EXPORTS: Record<string, string | null> = { [JSX_RUNTIME]: null, [`@theme/${DEFERRED_HTML_COMPONENT}`]: DEFERRED_HTML_COMPONENT };

const runtimeInputName = (component: string) => `theme-${component}`;

/** The entries both bundles add so standalone pages have something stable to import. */
export function runtimeInputs(site: SiteData): Record<string, string> {
  return Object.fromEntries(runtimeComponents(site).map((name) => [runtimeInputName(name), `@theme/${name}`]));
}

const contentHash = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 8);

function entryKeyByName(manifest: ViteManifest, name: string): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].name === name);
}

/**
 * A page module with its imports pointed at the app's chunks, minified for the browser. Oxc, in
 * this thread: esbuild (a process of its own, a message each way per page) took 3 s of CPU for a
 * 2,000-page site's pages where Oxc takes a tenth of a millisecond a page, for output of the same size.
 */
async function transformPage(source: string, code: string, targets: (specifier: string) => ImportTarget | undefined, minify: boolean): Promise<string> {
  const rewritten = await rewritePageImports(code, targets);
  if (!minify) return rewritten;
  const result = minifySync(`${source}.js`, rewritten, { module: true, compress: { target: BROWSER_TARGET }, mangle: true });
  if (result.errors.length > 0) throw new Error(`${source}: its compiled module could not be minified (${result.errors[0].message})`);
  return result.code;
}

/** Enough pages in flight to keep the compile threads busy, few enough that compiled pages do not pile up in memory. */
const PAGES_AT_ONCE = 16;

async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export interface StandalonePagesOptions {
  site: SiteData;
  /** Page sources with their manifest keys (the source relative to the site) and Rollup input names. */
  pages: { source: string; key: string; inputName: string }[];
  /** A page's compile (usually under way on a worker already), with its key in the compile cache when stored. */
  compiled(source: string): Promise<{ page: CompiledPage; key?: string }>;
  clientManifest: ViteManifest;
  serverManifest: ViteManifest;
  clientEntryKey: string;
  /** The code-theme stylesheet pages import; the app bundle carries it. */
  isSiteStylesheet(specifier: string, source: string): boolean;
  outDir: string;
  /** Writes a file of the output (linking it from the previous output when unchanged). */
  write: OutputWriter;
  /** Keeps a file as the last output has it, unread, when that output has a file of this name (true then). */
  keep?(file: string): boolean;
  ssrDir: string;
  /** Where the pages' server modules go: linked into ssrDir only for the pages that render (`link`). */
  serverModules: ServerModuleStore;
}

/**
 * Writes each page's client chunk (minified) under outDir/assets and places its server module for
 * ssrDir/pages, adding both to the manifests as the bundler would have. Returns the sources whose
 * compiled module imports something outside the runtime: those must be bundled after all.
 */
export async function writeStandalonePages(options: StandalonePagesOptions): Promise<string[]> {
  const { site, clientManifest, serverManifest } = options;
  const components = runtimeComponents(site);
  const clientRuntime = new Map<string, string>();
  const serverRuntime = new Map<string, string>();
  for (const name of components) {
    const clientKey = entryKeyByName(clientManifest, runtimeInputName(name));
    const serverKey = entryKeyByName(serverManifest, runtimeInputName(name));
    if (clientKey) clientRuntime.set(`@theme/${name}`, clientKey);
    if (serverKey) serverRuntime.set(`@theme/${name}`, serverKey);
  }
  const serverEntryKey = entryKeyByName(serverManifest, "server");
  mkdirSync(path.join(options.outDir, "assets"), { recursive: true });
  mkdirSync(path.join(options.ssrDir, "pages"), { recursive: true });
  const unfit: string[] = [];
  // Everything besides a page's own code that its two modules follow from: the files they import.
  const runtimeFiles = [
    clientManifest[options.clientEntryKey].file,
    serverEntryKey && serverManifest[serverEntryKey].file,
    [...clientRuntime.values()].map((entry) => clientManifest[entry].file),
    [...serverRuntime.values()].map((entry) => serverManifest[entry].file),
  ];
  const { serverModules } = options;
  const transformCache = new TransformCache(site.siteDir, (hash) => serverModules.has(hash));

  await forEachLimited(options.pages, PAGES_AT_ONCE, async ({ source, key, inputName }) => {
    const { page, key: compileKey } = await options.compiled(source);
    const base = path.basename(source).replace(/\.mdx?$/, "");
    // Asked for up to three times (cache key, output file, server module); each a stringify of all the page's highlighted code.
    let deferredJson: string | undefined;
    const deferredJsonOf = () => (deferredJson ??= JSON.stringify(page.deferredHtml ?? []));
    let deferredModule: string | undefined;
    const deferredOf = () => (deferredModule ??= `export default ${deferredJsonOf()};\n`);
    const shared = (specifier: string): ImportTarget | undefined => (options.isSiteStylesheet(specifier, source) ? null : undefined);
    const transform = async (deferredFile: string): Promise<TransformedPage | undefined> => {
      const clientTarget = (specifier: string): ImportTarget | undefined => {
        if (specifier in APP_EXPORTS)
          return { file: `./${path.basename(clientManifest[options.clientEntryKey].file)}`, manifestKey: options.clientEntryKey, defaultFrom: APP_EXPORTS[specifier] ?? undefined };
        if (specifier.endsWith(DEFERRED_HTML_QUERY)) return { file: `./${path.basename(deferredFile)}` };
        const runtimeKey = clientRuntime.get(specifier);
        return runtimeKey ? { file: `./${path.basename(clientManifest[runtimeKey].file)}`, manifestKey: runtimeKey } : shared(specifier);
      };
      const serverTarget = (specifier: string): ImportTarget | undefined => {
        if (specifier in APP_EXPORTS && serverEntryKey) return { file: `../${serverManifest[serverEntryKey].file}`, defaultFrom: APP_EXPORTS[specifier] ?? undefined };
        // In the server module itself: a module of its own cost each render a second module load
        // (0.6 s of a 2,000-page build's rendering) and the cache a second file per page.
        if (specifier.endsWith(DEFERRED_HTML_QUERY)) return { namespace: `{ default: ${deferredJsonOf()} }` };
        const runtimeKey = serverRuntime.get(specifier);
        return runtimeKey ? { file: `../${serverManifest[runtimeKey].file}` } : shared(specifier);
      };
      try {
        const imports = new Set<string>();
        const client = await transformPage(
          source,
          page.code,
          (specifier) => {
            const target = clientTarget(specifier);
            if (target && "manifestKey" in target && target.manifestKey) imports.add(target.manifestKey);
            return target;
          },
          true,
        );
        const server = await transformPage(source, page.code, serverTarget, false);
        const clientFile = `assets/${inputName}-${contentHash(client)}.js`;
        return { client, server, imports: [...imports].sort(), clientFile, deferredFile, serverHash: moduleHash(server) };
      } catch (error) {
        if (!(error instanceof UnfitPage)) throw error;
        return undefined;
      }
    };
    const deferredFileOf = (deferred: string) => `assets/${base}-${contentHash(deferred)}.js`;
    // A stored page's compile key stands for its code and deferred HTML: neither is serialized or hashed again here.
    const transformed = compileKey
      ? await transformCache.get(["by compile key", compileKey, source, inputName, runtimeFiles], () => {
          return transform(deferredFileOf(deferredOf()));
        })
      : await (async () => {
          const deferredFile = deferredFileOf(deferredOf());
          return transformCache.get([page.code, source, inputName, deferredFile, runtimeFiles], () => transform(deferredFile));
        })();
    if (!transformed) {
      unfit.push(source);
      return;
    }
    const { clientFile, deferredFile } = transformed;
    // Content-hashed names: a file of the same name in the last output has these bytes.
    if (!options.keep?.(path.join(options.outDir, deferredFile))) options.write(path.join(options.outDir, deferredFile), deferredOf());
    if (!options.keep?.(path.join(options.outDir, clientFile))) options.write(path.join(options.outDir, clientFile), transformed.client);
    const serverModule = path.join(options.ssrDir, "pages", `${inputName}.mjs`);
    serverModules.placeHashed(serverModule, transformed.serverHash, () => {
      // Only a page transformed now lacks its module in the store: the cache hands out no other.
      if (transformed.server === undefined) throw new Error(`${source}: its server module (${transformed.serverHash}) is neither in the transform cache nor in the server-module store; delete node_modules/.cache/graphile-docs and build again`);
      return transformed.server;
    });
    clientManifest[key] = { file: clientFile, name: inputName, src: key, isEntry: true, imports: transformed.imports, dynamicImports: [] };
    serverManifest[key] = { file: `pages/${inputName}.mjs`, name: inputName, src: key, isEntry: true };
  });
  serverModules.prune();
  transformCache.saveIndex();
  return unfit.sort();
}
