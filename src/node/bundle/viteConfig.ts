import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";
import type { Diagnostic } from "../errors";
import type { SiteData } from "../loadSite";
import { oneReactPlugin } from "./oneReact";
import type { PlacedFiles } from "./pgliteFiles";
import { playgroundPlugin } from "./playgroundPlugin";
import { sitePlugin, type SitePluginOptions } from "./sitePlugin";
import { jsxInJsPlugin, themeModulesPlugin } from "./themeModules";

export interface ViteConfigOptions {
  siteDir: string;
  getSite(): SiteData;
  dev: boolean;
  onWarning(diagnostic: Diagnostic): void;
  devChunkUrl?(file: string): string;
  compile?: SitePluginOptions["compile"];
  onCompiled?: SitePluginOptions["onCompiled"];
  compilePage?: SitePluginOptions["compilePage"];
}

/** The Vite settings shared by the dev server and both production builds. */
export function baseViteConfig(options: ViteConfigOptions): InlineConfig {
  const { siteDir } = options;
  // PGlite's files the worker's modules ask for, which the client bundle then copies into its output.
  const placed: PlacedFiles = new Map();
  return {
    root: siteDir,
    // Built assets load from under the site's base URL (Vite's preload helper and CSS URLs use it).
    base: options.dev ? "/" : options.getSite().config.baseUrl,
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    appType: "custom",
    resolve: {
      alias: [
        { find: /^@site\//, replacement: `${siteDir}/` },
      ],
    },
    // Lightning CSS (bundled with Vite) resolves the theme's `@custom-media` breakpoint.
    css: { transformer: "lightningcss", lightningcss: { drafts: { customMedia: true } } },
    // @theme/* and @docusaurus/* resolve in themeModules (site swizzles first); `?raw` is Vite's own.
    plugins: [oneReactPlugin(), themeModulesPlugin(siteDir), sitePlugin(options), playgroundPlugin(options.getSite, options.dev, placed), jsxInJsPlugin(siteDir), react({ include: /\.(jsx|tsx)$/ })],
    // The playground's worker (src/playground/worker.ts) loads its packages and PGlite as chunks of its own.
    worker: { format: "es", plugins: () => [playgroundPlugin(options.getSite, options.dev, placed)] },
  };
}
