import { COLOR_MODE_DEFAULT, DEFAULT_PLUGIN_ID, TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from "../../core/constants";
import type { LocaleConfig, NavbarItem } from "../../core/types";
import { SiteError } from "../errors";
import type { SiteConfig, SiteConfigInput } from "./types";

const CONFIG_FILE = "site.config.ts";

function fail(key: string, problem: string): never {
  throw new SiteError(`${CONFIG_FILE}: "${key}" ${problem}`);
}

function requireString(value: unknown, key: string): string {
  if (typeof value !== "string" || value === "") fail(key, `must be a non-empty string (got ${JSON.stringify(value)})`);
  return value;
}

function optionalString(value: unknown, key: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== "string") fail(key, `must be a string (got ${JSON.stringify(value)})`);
  return value;
}

function optionalBoolean(value: unknown, key: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") fail(key, `must be true or false (got ${JSON.stringify(value)})`);
  return value;
}

function checkNavbarItem(item: NavbarItem, key: string): NavbarItem {
  if (!item || typeof item !== "object") fail(key, "must be an object");
  // The version items default their label to the version's.
  if (item.type !== "docsVersionDropdown" && item.type !== "docsVersion") requireString(item.label, `${key}.label`);
  if (item.position !== undefined && item.position !== "left" && item.position !== "right") {
    fail(`${key}.position`, `must be "left" or "right" (got ${JSON.stringify(item.position)})`);
  }
  switch (item.type) {
    case "doc":
      requireString(item.docId, `${key}.docId`);
      return item;
    case "link":
      requireString(item.href, `${key}.href`);
      return item;
    case "dropdown":
      if (!Array.isArray(item.items)) fail(`${key}.items`, "must be an array of doc or link items");
      item.items.forEach((child, index) => checkNavbarItem(child, `${key}.items[${index}]`));
      return item;
    case "docsVersionDropdown":
    case "docsVersion":
      return item;
    default:
      return fail(`${key}.type`, `must be "doc", "link", "dropdown", "docsVersionDropdown" or "docsVersion" (got ${JSON.stringify((item as { type: unknown }).type)})`);
  }
}

/** Checks site.config.ts and fills in every default. Errors name the config key at fault. */
export function validateSiteConfig(input: SiteConfigInput): SiteConfig {
  if (!input || typeof input !== "object") throw new SiteError(`${CONFIG_FILE}: the default export must be the site configuration object`);
  const title = requireString(input.title, "title");
  const url = requireString(input.url, "url");
  if (!/^https?:\/\/[^/]+/.test(url)) fail("url", `must be an absolute http(s) URL such as "https://example.com" (got ${JSON.stringify(url)})`);
  const baseUrl = optionalString(input.baseUrl, "baseUrl", "/");
  if (!baseUrl.startsWith("/") || !baseUrl.endsWith("/")) fail("baseUrl", `must start and end with "/" (got ${JSON.stringify(baseUrl)})`);

  const defaultLocale = optionalString(input.i18n?.defaultLocale, "i18n.defaultLocale", "en");
  const locales = input.i18n?.locales ?? [defaultLocale];
  if (!Array.isArray(locales) || !locales.includes(defaultLocale)) fail("i18n.locales", `must list the default locale "${defaultLocale}"`);
  const localeConfigs: Record<string, LocaleConfig> = {};
  for (const locale of locales) {
    const given = input.i18n?.localeConfigs?.[locale] ?? {};
    localeConfigs[locale] = {
      label: given.label ?? (locale === "en" ? "English" : locale),
      direction: given.direction ?? "ltr",
      htmlLang: given.htmlLang ?? locale,
      calendar: given.calendar ?? "gregory",
      path: given.path ?? locale,
    };
  }

  if (!Array.isArray(input.docs) || input.docs.length === 0) fail("docs", "must list at least one docs plugin instance");
  const seenIds = new Set<string>();
  const seenBases = new Set<string>();
  const docs = input.docs.map((instance, index) => {
    const key = `docs[${index}]`;
    const id = requireString(instance.id, `${key}.id`);
    if (!/^[a-z0-9][a-z0-9-]*$/i.test(id)) fail(`${key}.id`, `must be letters, digits and dashes (got ${JSON.stringify(id)})`);
    if (seenIds.has(id)) fail(`${key}.id`, `repeats the id "${id}"; every docs instance needs its own id`);
    seenIds.add(id);
    const routeBasePath = requireString(instance.routeBasePath, `${key}.routeBasePath`);
    if (!routeBasePath.startsWith("/")) fail(`${key}.routeBasePath`, `must start with "/" (got ${JSON.stringify(routeBasePath)})`);
    const normalisedBase = routeBasePath.replace(/\/+$/, "") || "/";
    if (seenBases.has(normalisedBase)) fail(`${key}.routeBasePath`, `repeats "${routeBasePath}"; two sections cannot share a path`);
    seenBases.add(normalisedBase);
    return {
      id,
      path: requireString(instance.path, `${key}.path`),
      routeBasePath: normalisedBase,
      sidebarPath: instance.sidebarPath === undefined ? undefined : requireString(instance.sidebarPath, `${key}.sidebarPath`),
      label: requireString(instance.label, `${key}.label`),
      editUrl: instance.editUrl === undefined ? undefined : requireString(instance.editUrl, `${key}.editUrl`),
      // Versioning options are checked by the docs plugin, which knows the versions that exist.
      lastVersion: instance.lastVersion,
      onlyIncludeVersions: instance.onlyIncludeVersions,
      includeCurrentVersion: instance.includeCurrentVersion,
      disableVersioning: instance.disableVersioning,
      versions: instance.versions,
    };
  });
  if (!seenIds.has(DEFAULT_PLUGIN_ID)) fail("docs", `must contain the default section, an instance with id "${DEFAULT_PLUGIN_ID}"`);

  const items = input.navbar?.items ?? [];
  if (!Array.isArray(items)) fail("navbar.items", "must be an array");
  items.forEach((item, index) => checkNavbarItem(item, `navbar.items[${index}]`));

  const minHeadingLevel = input.tableOfContents?.minHeadingLevel ?? TOC_MIN_HEADING_LEVEL;
  const maxHeadingLevel = input.tableOfContents?.maxHeadingLevel ?? TOC_MAX_HEADING_LEVEL;
  if (!(minHeadingLevel >= 2 && maxHeadingLevel <= 6 && minHeadingLevel <= maxHeadingLevel)) {
    fail("tableOfContents", `levels must satisfy 2 <= minHeadingLevel <= maxHeadingLevel <= 6 (got ${minHeadingLevel}..${maxHeadingLevel})`);
  }
  const defaultMode = input.colorMode?.defaultMode ?? COLOR_MODE_DEFAULT;
  if (defaultMode !== "light" && defaultMode !== "dark") fail("colorMode.defaultMode", `must be "light" or "dark" (got ${JSON.stringify(defaultMode)})`);

  const bar = input.announcementBar;
  if (bar) {
    requireString(bar.id, "announcementBar.id");
    requireString(bar.content, "announcementBar.content");
    optionalBoolean(bar.isCloseable, "announcementBar.isCloseable", true);
  }
  const algolia = input.search?.algolia;
  if (algolia) {
    requireString(algolia.appId, "search.algolia.appId");
    requireString(algolia.apiKey, "search.algolia.apiKey");
    requireString(algolia.indexName, "search.algolia.indexName");
  }

  return {
    title,
    tagline: optionalString(input.tagline, "tagline", ""),
    url: url.replace(/\/+$/, ""),
    baseUrl,
    favicon: optionalString(input.favicon, "favicon", "img/favicon.svg"),
    organizationName: optionalString(input.organizationName, "organizationName", ""),
    projectName: optionalString(input.projectName, "projectName", ""),
    siteVersion: optionalString(input.siteVersion, "siteVersion", "0.0.0"),
    i18n: { defaultLocale, locales, localeConfigs },
    docs,
    navbar: {
      title: optionalString(input.navbar?.title, "navbar.title", title),
      logo: input.navbar?.logo,
      hideOnScroll: optionalBoolean(input.navbar?.hideOnScroll, "navbar.hideOnScroll", false),
      items,
    },
    footer: {
      logo: input.footer?.logo,
      columns: input.footer?.columns ?? [],
      copyright: optionalString(input.footer?.copyright, "footer.copyright", ""),
    },
    colorMode: {
      defaultMode,
      disableSwitch: optionalBoolean(input.colorMode?.disableSwitch, "colorMode.disableSwitch", false),
      respectPrefersColorScheme: optionalBoolean(input.colorMode?.respectPrefersColorScheme, "colorMode.respectPrefersColorScheme", false),
    },
    tableOfContents: { minHeadingLevel, maxHeadingLevel },
    prism: {
      theme: input.prism?.theme,
      darkTheme: input.prism?.darkTheme,
      additionalLanguages: input.prism?.additionalLanguages ?? [],
    },
    announcementBar: bar ? { ...bar, isCloseable: bar.isCloseable ?? true } : undefined,
    search: { algolia: algolia ? { ...algolia, contextualSearch: algolia.contextualSearch ?? true } : undefined },
  };
}
