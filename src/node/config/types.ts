import type { PluggableList } from "unified";
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
  /** Set when the site was read from a docusaurus.config.* file: what it adds beyond SiteConfigInput. */
  docusaurus?: DocusaurusExtras;
}

/** What a Docusaurus config carries that our own config does not (src/node/config/docusaurus.ts). */
export interface DocusaurusExtras {
  configFile: string;
  /** Absolute paths of stylesheets loaded on every page (the classic theme's customCss). */
  customCss: string[];
  /** Absolute paths of modules imported in the browser before the first render. */
  clientModules: string[];
  /** The docs plugins' remark and rehype plugins, run on every page. */
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  showLastUpdateTime: boolean;
  showLastUpdateAuthor: boolean;
  customFields: Record<string, unknown>;
  /** `markdown.mermaid`: ```mermaid fences are diagrams. */
  mermaid: boolean;
  /** Folders, relative to the site, copied to the output as they are. */
  staticDirectories: string[];
}

export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
