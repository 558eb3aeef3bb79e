import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { parseFrontMatter } from "../../../plugins/content-docs/frontMatter";
import type { Diagnostic } from "../errors";
import { compileMarkdown, type CompiledPage, type CompileOptions } from "../markdown/compile";
import type { SiteData } from "../loadSite";

const CONFIG_MODULE = "virtual:site-config";
const RESOLVED_CONFIG_MODULE = `\0${CONFIG_MODULE}`;
const MARKDOWN = /\.mdx?$/;

export interface SitePluginOptions {
  getSite(): SiteData;
  /** Dev: pages accept hot updates and use React's development runtime. */
  dev: boolean;
  onWarning(diagnostic: Diagnostic): void;
  /** The chunk URL the browser knows a page by in dev. */
  devChunkUrl?(file: string): string;
  /** Compiles a page elsewhere (a worker pool); in-process when left out. */
  compile?(options: Omit<CompileOptions, "routeOfSource">): Promise<CompiledPage>;
}

/**
 * Connects the content to Vite: serves the theme configuration as a module
 * and compiles Markdown/MDX pages to JavaScript. Compiled pages are cached by
 * content, so the client and server builds compile each page once.
 */
export function sitePlugin(options: SitePluginOptions): Plugin {
  const cache = new Map<string, { hash: string; code: string }>();
  return {
    name: "graphile-docs:site",
    enforce: "pre",
    resolveId(id) {
      if (id === CONFIG_MODULE) return RESOLVED_CONFIG_MODULE;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED_CONFIG_MODULE) return `export default ${JSON.stringify(options.getSite().themeConfig)};`;
      return undefined;
    },
    async transform(code, id, transformOptions) {
      const file = id.split("?")[0];
      if (!MARKDOWN.test(file)) return undefined;
      // Vite loads Markdown as plain text, so the code handed over is the file as written.
      const source = code;
      const hash = createHash("sha1").update(source).digest("hex");
      let compiled = cache.get(file);
      if (!compiled || compiled.hash !== hash) {
        const { frontMatter, body } = parseFrontMatter(source, file);
        const site = options.getSite();
        const job = {
          file,
          body,
          frontMatter,
          siteDir: site.siteDir,
          prismThemes: { theme: site.config.prism.theme, darkTheme: site.config.prism.darkTheme },
          additionalLanguages: site.config.prism.additionalLanguages,
          development: options.dev,
        };
        const page = options.compile
          ? await options.compile(job)
          : await compileMarkdown({ ...job, routeOfSource: (target) => site.routeOfSource.get(target) });
        for (const warning of page.warnings) options.onWarning(warning);
        compiled = { hash, code: page.code };
        cache.set(file, compiled);
      }
      let output = compiled.code;
      if (options.dev && !transformOptions?.ssr && options.devChunkUrl) {
        const chunk = JSON.stringify(options.devChunkUrl(file));
        output += `\nif (import.meta.hot) import.meta.hot.accept((next) => { if (next) window.__sitePageUpdated?.(${chunk}, next); });\n`;
      }
      return { code: output, map: null };
    },
  };
}

