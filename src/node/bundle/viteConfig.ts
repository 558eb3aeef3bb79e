import path from "node:path";
import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";
import type { Diagnostic } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import type { SiteData } from "../loadSite";
import { sitePlugin, type SitePluginOptions } from "./sitePlugin";

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
        // A React page's `@theme/Layout` is the page wrapper; the other `@theme/*` names are MDX components.
        { find: /^@theme\/Layout$/, replacement: path.join(GENERATOR_DIR, "src/theme/pages/PageLayout.tsx") },
        { find: /^@theme\//, replacement: `${path.join(GENERATOR_DIR, "src/theme/mdx")}/` },
        { find: /^@docusaurus\//, replacement: `${path.join(GENERATOR_DIR, "src/theme/docusaurus")}/` },
      ],
    },
    // Lightning CSS (bundled with Vite) resolves the theme's `@custom-media` breakpoint.
    css: { transformer: "lightningcss", lightningcss: { drafts: { customMedia: true } } },
    plugins: [sitePlugin(options), react({ include: /\.(jsx|tsx)$/ })],
  };
}
