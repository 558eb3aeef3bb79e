declare module "virtual:site-config" {
  const config: import("./core/types").ThemeConfig;
  export default config;
}

/** Every plugin's client modules (getClientModules), imported for their side effects before the first render. */
declare module "virtual:client-modules" {}

/** The site's mermaid library, or null when it has none installed (src/node/bundle/themeModules.ts). */
declare module "virtual:graphile-docs/mermaid" {
  const mermaid: { initialize(config: Record<string, unknown>): void; render(id: string, text: string): Promise<{ svg: string }> } | null;
  export default mermaid;
}

/** The playground worker's packages and database, from site.config.ts `playground` (src/node/bundle/playgroundPlugin.ts). */
declare module "virtual:graphile-docs/playground" {
  /** Each package the examples may import, loaded on first use. */
  export const packages: Record<string, () => Promise<Record<string, unknown>>>;
  /** PGlite's data folder (gzipped tar) with the site's setup SQL already run; null without `setupSql`. */
  export const dataDirUrl: string | null;
}

/** The docs-version UI (src/theme/versionUi.ts), each component null on a site that shows no versions. */
declare module "virtual:version-ui" {
  type VersionUi = typeof import("./theme/versionUi");
  export const DocsVersionDropdownNavbarItem: VersionUi["DocsVersionDropdownNavbarItem"] | null;
  export const DocsVersionNavbarItem: VersionUi["DocsVersionNavbarItem"] | null;
  export const DocVersionBanner: VersionUi["DocVersionBanner"] | null;
  export const DocVersionBadge: VersionUi["DocVersionBadge"] | null;
}
