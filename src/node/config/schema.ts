import { z } from "zod";
import type { BlogOptions } from "../../../plugins/content-blog/options";
import { COLOR_MODE_DEFAULT, DEFAULT_PLUGIN_ID, TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from "../../core/constants";

/**
 * site.config.ts as one zod schema: the input type, the defaults, the
 * validated type and the error paths all come from here. Messages that
 * start with "must" are shown as written; the others are worded by ./validate.
 */

const text = (what = "a non-empty string") => z.string({ error: `must be ${what}` }).min(1, { error: `must be ${what}` });
const flag = z.boolean({ error: "must be true or false" });
const position = z.enum(["left", "right"], { error: 'must be "left" or "right"' }).optional();

const navbarDocItem = z.object({ type: z.literal("doc"), docId: text(), docsPluginId: text().optional(), label: text(), position, href: z.string().optional() });
const navbarLinkItem = z.object({
  type: z.literal("link"),
  href: text(),
  // Empty for an icon link drawn by the site's CSS (its className) and named by ariaLabel.
  label: z.string({ error: "must be a string" }),
  html: text().optional(),
  className: z.string({ error: "must be a string" }).optional(),
  ariaLabel: text().optional(),
  position,
});
const navbarHtmlItem = z.object({ type: z.literal("html"), value: text("the HTML to show"), className: z.string({ error: "must be a string" }).optional(), position });
const navbarLeafItem = z.discriminatedUnion("type", [navbarDocItem, navbarLinkItem], { error: 'must be an item with type "doc" or "link"' });
const navbarDropdownItem = z.object({
  type: z.literal("dropdown"),
  label: text(),
  position,
  items: z.array(navbarLeafItem, { error: "must be an array of doc or link items" }),
});
const navbarVersionDropdownItem = z.object({
  type: z.literal("docsVersionDropdown"),
  docsPluginId: text().optional(),
  label: text().optional(),
  position,
  dropdownItemsBefore: z.array(navbarLinkItem, { error: "must be an array of link items" }).optional(),
  dropdownItemsAfter: z.array(navbarLinkItem, { error: "must be an array of link items" }).optional(),
  dropdownActiveClassDisabled: flag.optional(),
});
const navbarVersionItem = z.object({ type: z.literal("docsVersion"), docsPluginId: text().optional(), label: text().optional(), to: text().optional(), position });
const navbarItem = z.discriminatedUnion("type", [navbarDocItem, navbarLinkItem, navbarHtmlItem, navbarDropdownItem, navbarVersionDropdownItem, navbarVersionItem], {
  error: 'must be an item with type "doc", "link", "html", "dropdown", "docsVersionDropdown" or "docsVersion"',
});

/** Per-version settings of a docs instance, as Docusaurus' `versions` option has them. */
const docsVersionOptions = z.object({
  label: text().optional(),
  path: z.string({ error: "must be a string" }).optional(),
  banner: z.enum(["none", "unreleased", "unmaintained"], { error: 'must be "none", "unreleased" or "unmaintained"' }).optional(),
  badge: flag.optional(),
  className: z.string({ error: "must be a string" }).optional(),
  noIndex: flag.optional(),
});

const docsInstance = z.object({
  id: text().regex(/^[a-z0-9][a-z0-9-]*$/i, { error: "must be letters, digits and dashes" }),
  path: text("a folder relative to the site, such as \"docs/guide\""),
  routeBasePath: text().refine((value) => value.startsWith("/"), { error: 'must start with "/"' }).transform((value) => value.replace(/\/+$/, "") || "/"),
  sidebarPath: text().optional(),
  /** Defaults for categories that do not set collapsible/collapsed themselves (Docusaurus' sidebarCollapsible, sidebarCollapsed). */
  sidebarCollapsible: flag.optional(),
  sidebarCollapsed: flag.optional(),
  /** false: doc pages show no breadcrumbs. */
  breadcrumbs: flag.optional(),
  label: text(),
  editUrl: text().optional(),
  /** Versioning, as Docusaurus does it (versions.json, versioned_docs/, versioned_sidebars/). */
  lastVersion: text().optional(),
  onlyIncludeVersions: z.array(text(), { error: "must be an array of version names" }).optional(),
  includeCurrentVersion: flag.optional(),
  disableVersioning: flag.optional(),
  versions: z.record(z.string(), docsVersionOptions, { error: "must map version names to their options" }).optional(),
});

const localeConfig = z.object({
  label: z.string().optional(),
  direction: z.enum(["ltr", "rtl"], { error: 'must be "ltr" or "rtl"' }).optional(),
  htmlLang: z.string().optional(),
  calendar: z.string().optional(),
  path: z.string().optional(),
});

const headingLevel = z.number({ error: "must be a number" }).int({ error: "must be a whole number" });
const logo = z.object({ alt: z.string({ error: "must be a string" }), src: text(), srcDark: text().optional() });

export const siteConfigSchema = z
  .object({
    title: text(),
    tagline: z.string({ error: "must be a string" }).default(""),
    url: text()
      .regex(/^https?:\/\/[^/]+/, { error: 'must be an absolute http(s) URL such as "https://example.com"' })
      .transform((value) => value.replace(/\/+$/, "")),
    baseUrl: z
      .string({ error: "must be a string" })
      .refine((value) => value.startsWith("/") && value.endsWith("/"), { error: 'must start and end with "/", such as "/" or "/docs/"' })
      .default("/"),
    favicon: z.string({ error: "must be a string" }).default("img/favicon.svg"),
    organizationName: z.string({ error: "must be a string" }).default(""),
    projectName: z.string({ error: "must be a string" }).default(""),
    /** Shown nowhere; written into the generator meta tag. */
    siteVersion: z.string({ error: "must be a string" }).default("0.0.0"),
    i18n: z
      .object({
        defaultLocale: text().default("en"),
        locales: z.array(text(), { error: "must be an array of locale names" }).optional(),
        localeConfigs: z.record(z.string(), localeConfig, { error: "must map locale names to locale settings" }).default({}),
      })
      .default({ defaultLocale: "en", localeConfigs: {} }),
    docs: z.array(docsInstance, { error: "must be an array of docs plugin instances" }).min(1, { error: "must list at least one docs plugin instance" }),
    navbar: z
      .object({
        title: z.string({ error: "must be a string" }).optional(),
        logo: logo.optional(),
        hideOnScroll: flag.default(false),
        items: z.array(navbarItem, { error: "must be an array of navbar items" }).default([]),
      })
      .default({ hideOnScroll: false, items: [] }),
    footer: z
      .object({
        logo: logo.extend({ href: z.string({ error: "must be a string" }).optional() }).optional(),
        columns: z
          .array(z.object({ title: z.string({ error: "must be a string" }), items: z.array(z.union([z.object({ label: text(), href: text() }), z.object({ html: text("the HTML to show") })]), { error: "must be an array of { label, href } links or { html } items" }) }), {
            error: "must be an array of { title, items } columns",
          })
          .default([]),
        copyright: z.string({ error: "must be a string" }).default(""),
      })
      .default({ columns: [], copyright: "" }),
    colorMode: z
      .object({
        defaultMode: z.enum(["light", "dark"], { error: 'must be "light" or "dark"' }).default(COLOR_MODE_DEFAULT),
        disableSwitch: flag.default(false),
        respectPrefersColorScheme: flag.default(false),
      })
      .default({ defaultMode: COLOR_MODE_DEFAULT, disableSwitch: false, respectPrefersColorScheme: false }),
    tableOfContents: z
      .object({ minHeadingLevel: headingLevel.default(TOC_MIN_HEADING_LEVEL), maxHeadingLevel: headingLevel.default(TOC_MAX_HEADING_LEVEL) })
      .refine((toc) => toc.minHeadingLevel >= 2 && toc.maxHeadingLevel <= 6 && toc.minHeadingLevel <= toc.maxHeadingLevel, {
        error: "levels must satisfy 2 <= minHeadingLevel <= maxHeadingLevel <= 6",
      })
      .default({ minHeadingLevel: TOC_MIN_HEADING_LEVEL, maxHeadingLevel: TOC_MAX_HEADING_LEVEL }),
    prism: z
      .object({
        theme: z.string({ error: "must be a string" }).optional(),
        darkTheme: z.string({ error: "must be a string" }).optional(),
        additionalLanguages: z.array(z.string({ error: "must be a string" }), { error: "must be an array of strings" }).default([]),
      })
      .default({ additionalLanguages: [] }),
    announcementBar: z
      .object({
        id: text(),
        content: text(),
        isCloseable: flag.default(true),
        backgroundColor: z.string({ error: "must be a string" }).optional(),
        textColor: z.string({ error: "must be a string" }).optional(),
      })
      .optional(),
    /** Local search is always on; a hosted Algolia index is used instead only when configured. */
    search: z
      .object({
        algolia: z.object({ appId: text(), apiKey: text(), indexName: text(), contextualSearch: flag.default(true) }).optional(),
      })
      .default({}),
    /** Blogs (Docusaurus' plugin-content-blog options); a list for several, each with its own `id`. The blog plugin checks each one. */
    blog: z
      .union([z.custom<BlogOptions>((value) => typeof value === "object" && value !== null && !Array.isArray(value)), z.array(z.custom<BlogOptions>((value) => typeof value === "object" && value !== null))], {
        error: "must be a blog options object or an array of them",
      })
      .optional()
      .transform((value): BlogOptions[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    /**
     * "Try it" on runnable examples (```js doctest fences importing only these packages): the
     * packages are bundled for a Web Worker, `setupSql` (a file, relative to the site) runs in
     * PGlite before the queries of `query` examples. Left out, no example gets Try it.
     */
    playground: z
      .object({
        packages: z.array(text(), { error: "must be an array of package names" }).min(1, { error: "must name at least one package" }),
        setupSql: z.string({ error: "must be a path to an SQL file, relative to the site folder" }).optional(),
      })
      .optional(),
    /** The standalone pages folder (default src/pages). */
    pages: z.object({ path: z.string({ error: "must be a string" }).optional() }).default({}),
  }, { error: "must be the site configuration object (export default defineConfig({...}))" })
  .superRefine((config, context) => {
    const seenIds = new Map<string, number>();
    const seenBases = new Map<string, number>();
    config.docs.forEach((instance, index) => {
      if (seenIds.has(instance.id)) context.addIssue({ code: "custom", path: ["docs", index, "id"], message: `must be unique: "${instance.id}" is also the id of docs[${seenIds.get(instance.id)}]` });
      seenIds.set(instance.id, index);
      if (seenBases.has(instance.routeBasePath)) context.addIssue({ code: "custom", path: ["docs", index, "routeBasePath"], message: `must be unique: two sections cannot share "${instance.routeBasePath}"` });
      seenBases.set(instance.routeBasePath, index);
    });
    if (!seenIds.has(DEFAULT_PLUGIN_ID)) context.addIssue({ code: "custom", path: ["docs"], message: `must contain the default section, an instance with id "${DEFAULT_PLUGIN_ID}"` });
    const locales = config.i18n.locales ?? [config.i18n.defaultLocale];
    if (!locales.includes(config.i18n.defaultLocale)) context.addIssue({ code: "custom", path: ["i18n", "locales"], message: `must list the default locale "${config.i18n.defaultLocale}"` });
  })
  .transform((config) => {
    const locales = config.i18n.locales ?? [config.i18n.defaultLocale];
    const localeConfigs = Object.fromEntries(
      locales.map((locale) => {
        const given = config.i18n.localeConfigs[locale] ?? {};
        return [
          locale,
          {
            label: given.label ?? (locale === "en" ? "English" : locale),
            direction: given.direction ?? "ltr",
            htmlLang: given.htmlLang ?? locale,
            calendar: given.calendar ?? "gregory",
            path: given.path ?? locale,
          },
        ];
      }),
    );
    return {
      ...config,
      i18n: { defaultLocale: config.i18n.defaultLocale, locales, localeConfigs },
      navbar: { ...config.navbar, title: config.navbar.title ?? config.title },
      search: { algolia: config.search.algolia },
    };
  });

export type SiteConfigSchemaInput = z.input<typeof siteConfigSchema>;
export type SiteConfigSchemaOutput = z.output<typeof siteConfigSchema>;
export type DocsInstanceSchemaOutput = z.output<typeof docsInstance>;
