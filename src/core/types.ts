import type { RunnableExamples } from "./playground";

/**
 * The plain data that build time hands to run time. Nothing here is code:
 * everything can be written as JSON and read back.
 */

export type ColorMode = "light" | "dark";
export type ColorModeChoice = ColorMode | "system";

export interface NavbarDocItem {
  type: "doc";
  docId: string;
  docsPluginId?: string;
  label: string;
  position?: "left" | "right";
  /** Filled in by the build from docId and docsPluginId. */
  href?: string;
  /** The doc's path in each version that has it (filled in by the build for plugins with several versions). */
  hrefByVersion?: Record<string, string>;
}

/** The versions of a docs plugin as a menu: each links to the page the reader is on, in that version. */
export interface NavbarDocsVersionDropdownItem {
  type: "docsVersionDropdown";
  docsPluginId?: string;
  /** Defaults to the label of the version shown. */
  label?: string;
  position?: "left" | "right";
  dropdownItemsBefore?: NavbarLinkItem[];
  dropdownItemsAfter?: NavbarLinkItem[];
  /** Leaves the dropdown unmarked while the reader is inside the plugin's docs. */
  dropdownActiveClassDisabled?: boolean;
}

/** A link to the main doc of the version shown (the page's, else the preferred, else the latest). */
export interface NavbarDocsVersionItem {
  type: "docsVersion";
  docsPluginId?: string;
  label?: string;
  /** A fixed target instead of the version's main doc. */
  to?: string;
  position?: "left" | "right";
}

export interface NavbarLinkItem {
  type: "link";
  href: string;
  label: string;
  /** Shown inside the link instead of the label (Docusaurus' `html` on a link item); written by the site's author. */
  html?: string;
  /** Classes for the link, such as a site's icon-only "header-github-link". */
  className?: string;
  /** The link's accessible name when its label is empty or an icon. */
  ariaLabel?: string;
  position?: "left" | "right";
}

/** Markup of the site's own placed in the navbar as is (Docusaurus' `type: "html"` item). */
export interface NavbarHtmlItem {
  type: "html";
  value: string;
  className?: string;
  position?: "left" | "right";
}

export interface NavbarDropdownItem {
  type: "dropdown";
  label: string;
  position?: "left" | "right";
  items: (NavbarDocItem | NavbarLinkItem)[];
}

export type NavbarItem = NavbarDocItem | NavbarLinkItem | NavbarHtmlItem | NavbarDropdownItem | NavbarDocsVersionDropdownItem | NavbarDocsVersionItem;

export interface FooterLink {
  label: string;
  /** A site path ("/pg-sql2/") or an absolute URL. */
  href: string;
}

/** A footer entry that is the site author's own markup (Docusaurus' footer `html` item). */
export interface FooterHtmlItem {
  html: string;
}

export interface FooterColumn {
  title: string;
  items: (FooterLink | FooterHtmlItem)[];
}

export interface AnnouncementBarConfig {
  id: string;
  content: string;
  isCloseable: boolean;
  backgroundColor?: string;
  textColor?: string;
}

export interface LocaleConfig {
  label: string;
  direction: "ltr" | "rtl";
  htmlLang: string;
  calendar: string;
  path: string;
}

export interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch: boolean;
}

/** What the browser needs to know about the site (the theme's configuration). */
export interface ThemeConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  favicon: string;
  organizationName: string;
  projectName: string;
  locale: { default: string; config: LocaleConfig };
  navbar: {
    title: string;
    logo?: { alt: string; src: string; srcDark?: string };
    hideOnScroll: boolean;
    items: NavbarItem[];
  };
  footer: {
    logo?: { alt: string; src: string; href?: string };
    columns: FooterColumn[];
    copyright: string;
  };
  colorMode: {
    defaultMode: ColorMode;
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  tableOfContents: { minHeadingLevel: number; maxHeadingLevel: number };
  announcementBar?: AnnouncementBarConfig;
  editUrlBase?: string;
  search: { algolia?: AlgoliaConfig };
  sections: SectionSummary[];
  /** A Docusaurus config's customFields, for useDocusaurusContext().siteConfig.customFields (absent when it has none). */
  customFields?: Record<string, unknown>;
}

/** One docs plugin as the browser first sees it: enough to know which manifest to load. */
export interface SectionSummary {
  pluginId: string;
  label: string;
  routeBasePath: string;
  /** A docs plugin's versions, newest first; what the version dropdown, banner and preferred version need. */
  versions?: VersionSummary[];
}

export type VersionBanner = "unreleased" | "unmaintained";

/** A docs version as every page sees it (in the theme config): small, no docs or sidebars. */
export interface VersionSummary {
  name: string;
  label: string;
  isLast: boolean;
  /** Where the version's docs live; the version of a page is the one with the longest matching path. */
  path: string;
  /** The path of the version's main doc, where the dropdown goes when the page has no twin there. */
  mainDocPath: string;
  banner: VersionBanner | null;
  badge: boolean;
  className: string;
  noIndex: boolean;
}

export interface TocItem {
  value: string;
  id: string;
  level: number;
}

export type SidebarItem = SidebarLink | SidebarCategory | SidebarHtml;

/** Sidebars-file extras every item may carry (Docusaurus' className and customProps). */
interface SidebarItemExtras {
  className?: string;
  customProps?: Record<string, unknown>;
}

export interface SidebarLink extends SidebarItemExtras {
  type: "link";
  label: string;
  href: string;
  docId?: string;
  /** Shown by DocCardList under the link's title. */
  description?: string;
}

/** Raw HTML in the sidebar, such as a section heading. */
export interface SidebarHtml extends SidebarItemExtras {
  type: "html";
  value: string;
  /** Give it the padding of a link (Docusaurus' defaultStyle). */
  defaultStyle: boolean;
  href?: undefined;
}

export interface SidebarCategory extends SidebarItemExtras {
  type: "category";
  label: string;
  collapsible: boolean;
  collapsed: boolean;
  href?: string;
  /** The doc the category's own link opens, when it has one. */
  docId?: string;
  /** Set when the category's link is a generated index page; shown on that page and by DocCardList. */
  description?: string;
  items: SidebarItem[];
  /**
   * In the browser, for a top-level category of a large sidebar: the URL of the file holding its
   * items, which are empty until that file is loaded (see splitSidebar).
   */
  itemsFile?: string;
}

export interface DocNavLink {
  title: string;
  permalink: string;
}

/** A page as routed: its path, the chunk that renders it and what the chrome shows around it. */
export interface RouteRecord {
  path: string;
  /** URL of the page's lazy module. */
  chunk: string;
  /** Further module URLs the page needs, for modulepreload. */
  imports?: string[];
  doc?: DocRouteData;
  /** A route that is not a doc: how the theme wraps its module and what the head says. */
  page?: PageRouteData;
  /** In the browser, for a doc of a split sidebar: the URL of the items of the top-level category holding it. */
  sidebarPart?: string;
  /** In the browser, for a page with examples the playground runs: see RunnableExamples. */
  runnable?: RunnableExamples;
}

/**
 * How the theme shows a route that is not a doc: "markdown" wraps a Markdown
 * page (title, TOC), "blogPost" a blog post (date, authors, tags, pager),
 * "component" renders the module's component with `props`.
 */
export interface PageRouteData {
  layout: "markdown" | "blogPost" | "component";
  /** The page's own title; the head appends the site title. */
  title?: string;
  description?: string;
  /** Built and reachable, but search engines are asked not to index it (unlisted blog posts). */
  noindex?: boolean;
  /** Plain data for the layout or the component. */
  props?: Record<string, unknown>;
}

export interface DocRouteData {
  id: string;
  title: string;
  description: string;
  sidebar?: string;
  sidebarLabel?: string;
  previous?: DocNavLink;
  next?: DocNavLink;
  editUrl?: string;
  hideTableOfContents: boolean;
  tocMinHeadingLevel: number;
  tocMaxHeadingLevel: number;
  tags: string[];
  keywords: string[];
  breadcrumbs: DocNavLink[];
  /** The same doc (same id) in each of the plugin's versions that has it: version name → path. */
  alternateVersions?: Record<string, string>;
  /** From git when the site shows last-update times (seconds since the epoch) and authors. */
  lastUpdatedAt?: number;
  lastUpdatedBy?: string;
}

export interface VersionMetadata {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: { id: string; path: string; sidebar?: string }[];
  draftIds: string[];
  sidebars: Record<string, SidebarItem[]>;
  /** The docs instance turned breadcrumbs off (Docusaurus' `breadcrumbs: false`). */
  hideBreadcrumbs?: true;
}

/**
 * The route manifest of one route section, written as JSON and loaded on
 * entering it. A plugin has one section, or several (a versioned docs plugin:
 * one per version, named after it).
 */
export interface DocsManifest {
  pluginId: string;
  /** The section's name when the plugin has several; absent for a plugin's only section. */
  section?: string;
  label: string;
  /** The prefix this manifest's routes sit under (a version's path for a version's manifest). */
  routeBasePath: string;
  /** The versions whose routes this manifest holds (one, for a docs plugin). */
  versions: VersionMetadata[];
  routes: RouteRecord[];
}

/**
 * A docs version as the browser gets it in its section's route index: the version entity minus
 * what grows with the site. Its docs are the section's doc routes (each route's doc has the id,
 * the route the path and the sidebar), and each sidebar is a file of its own.
 */
export interface VersionIndex {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  /** Where the main doc lives, for the breadcrumbs' section link. */
  mainDocPath?: string;
  draftIds: string[];
  hideBreadcrumbs?: true;
  /** Sidebar name → URL of the JSON file holding its items. */
  sidebars: Record<string, string>;
}

/** One file of a section's routes: those whose path key sorts at or after `from`, before the next chunk's. */
export interface RouteChunkRef {
  from: string;
  file: string;
}

/**
 * What the browser loads first on entering a route section: its versions and which file holds
 * which routes. Its size grows with the number of chunks, not of pages.
 */
export interface RouteIndex {
  pluginId: string;
  /** See DocsManifest.section. */
  section?: string;
  label: string;
  routeBasePath: string;
  versions: VersionIndex[];
  /** In path-key order; the first starts at "". */
  chunks: RouteChunkRef[];
}

/** A plugin's routes as the browser first sees them: the prefix it owns and the URL of its route index. */
export interface RouteSection extends SectionSummary {
  /** See DocsManifest.section. */
  section?: string;
  manifest: string;
}

/** Written into every HTML page: which plugin owns which prefix and where its manifest lives. */
export interface SiteAssets {
  routeSections: RouteSection[];
  siteVersion: string;
}

/** What a page module exports. */
export interface PageModule {
  default: unknown;
  toc?: TocItem[];
  frontMatter?: Record<string, unknown>;
  contentTitle?: string;
  /**
   * The theme component that wraps this page (a blog post's, a Markdown page's), loaded with the
   * page so pages without one download none of it. Set when the route store loads the page.
   */
  layout?: unknown;
  /** Loads the page's deferred HTML strings (highlighted code); exported by production route pages. */
  loadDeferredHtml?: () => Promise<readonly string[]>;
  /** The deferred strings this render has: from the document on hydration, else loaded. Set by the route store's loader. */
  deferredHtml?: DeferredHtml;
}

/** A page's deferred HTML: the strings at hand (some may be missing) and how to load them all. */
export interface DeferredHtml {
  strings: readonly (string | undefined)[];
  load(): Promise<readonly string[]>;
}
