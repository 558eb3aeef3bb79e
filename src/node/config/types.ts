import type {
  ThemeConfig,
  AlgoliaConfig,
  AnnouncementBarConfig,
  ColorMode,
  FooterColumn,
  LocaleConfig,
  NavbarItem,
} from "../../core/types";

export interface DocsInstanceConfig {
  /** Unique id; "default" is the default docs section. */
  id: string;
  /** Content folder, relative to the site folder. */
  path: string;
  /** URL prefix of the section, e.g. "/pg-sql2". */
  routeBasePath: string;
  /** A sidebars file; without one the sidebar is generated from the folder tree. */
  sidebarPath?: string;
  /** The section's name: the sidebar label, search lvl0 and breadcrumbs root. */
  label: string;
  /** Base of "Edit this page" links; the doc's path in the folder is appended. */
  editUrl?: string;
  /**
   * Versioning, as Docusaurus does it: `versions.json` (for a non-default
   * instance `<id>_versions.json`) lists the snapshots, newest first, kept in
   * `versioned_docs/version-<name>` and `versioned_sidebars/version-<name>-sidebars.json`.
   */
  /** The version served at routeBasePath; by default the newest in versions.json, else "current". */
  lastVersion?: string;
  /** Build only these versions (the order stays that of versions.json). */
  onlyIncludeVersions?: string[];
  /** Whether the docs folder itself is a version, "current" (default true). */
  includeCurrentVersion?: boolean;
  /** Ignore versions.json: only "current" is built. */
  disableVersioning?: boolean;
  /** Per-version settings, by version name ("current" for the docs folder). */
  versions?: Record<string, DocsVersionOptions>;
}

export interface DocsVersionOptions {
  /** Shown in the dropdown and the badge; default the name ("Next" for current). */
  label?: string;
  /** Path under routeBasePath; default "" for the last version, "next" for current, else the name. */
  path?: string;
  banner?: "none" | "unreleased" | "unmaintained";
  badge?: boolean;
  className?: string;
  noIndex?: boolean;
}

/** site.config.ts as written: everything but the identity of the site has a default. */
export interface SiteConfigInput {
  title: string;
  tagline?: string;
  url: string;
  baseUrl?: string;
  favicon?: string;
  organizationName?: string;
  projectName?: string;
  /** Shown nowhere; written into the generator meta tag. */
  siteVersion?: string;
  i18n?: { defaultLocale?: string; locales?: string[]; localeConfigs?: Record<string, Partial<LocaleConfig>> };
  docs: DocsInstanceConfig[];
  navbar?: {
    title?: string;
    logo?: { alt: string; src: string; srcDark?: string };
    hideOnScroll?: boolean;
    items?: NavbarItem[];
  };
  footer?: {
    logo?: { alt: string; src: string; href?: string };
    columns?: FooterColumn[];
    copyright?: string;
  };
  colorMode?: { defaultMode?: ColorMode; disableSwitch?: boolean; respectPrefersColorScheme?: boolean };
  tableOfContents?: { minHeadingLevel?: number; maxHeadingLevel?: number };
  prism?: { theme?: string; darkTheme?: string; additionalLanguages?: string[] };
  announcementBar?: AnnouncementBarConfig;
  /** Local search is always on; a hosted Algolia index is used instead only when configured. */
  search?: { algolia?: AlgoliaConfig };
}

/** site.config.ts with every default filled in. The parts the browser needs share ThemeConfig's shapes. */
export interface SiteConfig
  extends Pick<
    ThemeConfig,
    "title" | "tagline" | "url" | "baseUrl" | "favicon" | "organizationName" | "projectName" | "navbar" | "footer" | "colorMode" | "tableOfContents" | "announcementBar" | "search"
  > {
  siteVersion: string;
  i18n: { defaultLocale: string; locales: string[]; localeConfigs: Record<string, LocaleConfig> };
  docs: DocsInstanceConfig[];
  prism: { theme?: string; darkTheme?: string; additionalLanguages: string[] };
}

export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
