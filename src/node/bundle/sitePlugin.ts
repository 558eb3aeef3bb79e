import type { Plugin } from "vite";
import type { Diagnostic } from "../errors";
import { readFileSync } from "node:fs";
import path from "node:path";
import { siteShowsVersions } from "../../core/docsVersions";
import { GENERATOR_DIR } from "../generatorDir";
import type { CompiledPage } from "../markdown/compile";
import { DEFERRED_HTML_QUERY } from "../markdown/deferredHtml";
import { prismThemeStylesheet, resolvePrismThemes } from "../markdown/prismTheme";
import { createPageCompiler, type CompileJob } from "./compileSource";
import { exactId, idEndingWith } from "./hookFilters";
import { resolvedFile } from "./resolvedFile";
import type { SiteData } from "../loadSite";

const CONFIG_MODULE = "virtual:site-config";
const RESOLVED_CONFIG_MODULE = `\0${CONFIG_MODULE}`;
const CLIENT_MODULES = "virtual:client-modules";
const RESOLVED_CLIENT_MODULES = `\0${CLIENT_MODULES}`;
const VERSION_UI = "virtual:version-ui";
const RESOLVED_VERSION_UI = `\0${VERSION_UI}`;
/** The code-theme stylesheet as a module, an entry of the client build when pages are written without the bundler. */
export const CODE_THEME_MODULE = "virtual:code-theme";
const RESOLVED_CODE_THEME_MODULE = `\0${CODE_THEME_MODULE}`;
const MARKDOWN = /\.mdx?$/;
/** The hooks' filters (hookFilters.ts says why). */
const OWN_IDS = [CONFIG_MODULE, CLIENT_MODULES, CODE_THEME_MODULE, VERSION_UI].map(exactId);
const OWN_RESOLVED_IDS = [RESOLVED_CONFIG_MODULE, RESOLVED_CLIENT_MODULES, RESOLVED_CODE_THEME_MODULE, RESOLVED_VERSION_UI].map(exactId);
const DEFERRED_HTML_ID = idEndingWith(DEFERRED_HTML_QUERY);
/** A Markdown page, with or without a query. */
const MARKDOWN_ID = /\.mdx?(\?|$)/;
/** The version UI (src/theme/versionUi.ts) and the names it exports, each null on a site that shows no versions. */
const VERSION_UI_FILE = path.join(GENERATOR_DIR, "src/theme/versionUi.ts");
const VERSION_UI_NAMES = ["DocsVersionDropdownNavbarItem", "DocsVersionNavbarItem", "DocVersionBanner", "DocVersionBadge"];

export interface SitePluginOptions {
  getSite(): SiteData;
  /** Dev: pages accept hot updates and use React's development runtime. */
  dev: boolean;
  onWarning(diagnostic: Diagnostic): void;
  /** The chunk URL the browser knows a page by in dev. */
  devChunkUrl?(file: string): string;
  /** Told about every page compiled, with what its compile collected (ids, links, TOC). */
  onCompiled?(file: string, page: CompiledPage): void;
  /** Compiles a page elsewhere (a worker pool); in-process when left out. */
  compile?(job: CompileJob): Promise<CompiledPage>;
  /** A compiler shared with others (the dev server's search index); made here when left out. */
  compilePage?: ReturnType<typeof createPageCompiler>;
}

/**
 * Connects the content to Vite: serves the theme configuration as a module
 * and compiles Markdown/MDX pages to JavaScript. Compiled pages are cached by
 * content, so the client and server builds compile each page once.
 */
export function sitePlugin(options: SitePluginOptions): Plugin {
  const compilePage = options.compilePage ?? createPageCompiler(options.getSite, { dev: options.dev, compile: options.compile });
  /** The strings a page's compile deferred (the compile is cached by content, so this rarely compiles again). */
  async function deferredHtmlModule(file: string): Promise<string> {
    const { page } = await compilePage(file, readFileSync(file, "utf8"));
    return `export default ${JSON.stringify(page.deferredHtml ?? [])};`;
  }
  return {
    name: "graphile-docs:site",
    enforce: "pre",
    resolveId: {
      filter: { id: OWN_IDS },
      handler(id) {
        if (id === CONFIG_MODULE) return RESOLVED_CONFIG_MODULE;
        if (id === CLIENT_MODULES) return RESOLVED_CLIENT_MODULES;
        if (id === CODE_THEME_MODULE) return RESOLVED_CODE_THEME_MODULE;
        // Dev always has the version UI: the site's config may change while it runs.
        if (id === VERSION_UI) return options.dev || siteShowsVersions(options.getSite().themeConfig) ? resolvedFile(VERSION_UI_FILE) : RESOLVED_VERSION_UI;
        return undefined;
      },
    },
    load: {
      filter: { id: [...OWN_RESOLVED_IDS, DEFERRED_HTML_ID] },
      handler(id) {
        if (id === RESOLVED_CONFIG_MODULE) return `export default ${JSON.stringify(options.getSite().themeConfig)};`;
        if (id === RESOLVED_CODE_THEME_MODULE) return `import ${JSON.stringify(prismThemeStylesheet(resolvePrismThemes(options.getSite().config.prism)))};`;
        if (id === RESOLVED_VERSION_UI) return VERSION_UI_NAMES.map((name) => `export const ${name} = null;`).join("\n");
        if (id.endsWith(DEFERRED_HTML_QUERY)) return deferredHtmlModule(id.slice(0, -DEFERRED_HTML_QUERY.length));
        if (id === RESOLVED_CLIENT_MODULES) {
          const modules = options.getSite().plugins.flatMap((plugin) => plugin.getClientModules?.() ?? []);
          return modules.map((module) => `import ${JSON.stringify(module)};`).join("\n");
        }
        return undefined;
      },
    },
    transform: {
      filter: { id: MARKDOWN_ID },
      async handler(code, id, transformOptions) {
        const file = id.split("?")[0];
        if (!MARKDOWN.test(file) || id.endsWith(DEFERRED_HTML_QUERY)) return undefined;
        // Vite loads Markdown as plain text, so the code handed over is the file as written.
        const { page, fresh } = await compilePage(file, code);
        if (fresh) for (const warning of page.warnings) options.onWarning(warning);
        options.onCompiled?.(file, page);
        let output = page.code;
        if (options.dev && !transformOptions?.ssr && options.devChunkUrl) {
          const chunk = JSON.stringify(options.devChunkUrl(file));
          output += `\nif (import.meta.hot) import.meta.hot.accept((next) => { if (next) window.__sitePageUpdated?.(${chunk}, next); });\n`;
        }
        return { code: output, map: null };
      },
    },
  };
}

