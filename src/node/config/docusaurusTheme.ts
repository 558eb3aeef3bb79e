import type { FooterColumn, FooterHtmlItem, FooterLink, NavbarItem } from "../../core/types";
import { isExternalUrl } from "../../core/paths";
import type { SiteConfigInput } from "./types";

/** themeConfig as a Docusaurus site writes it (the parts we read). */
export interface DocusaurusThemeConfig {
  navbar?: {
    title?: string;
    logo?: { alt?: string; src: string; srcDark?: string; href?: string };
    hideOnScroll?: boolean;
    items?: DocusaurusNavbarItem[];
    [key: string]: unknown;
  };
  footer?: {
    logo?: { alt?: string; src: string; href?: string };
    links?: (DocusaurusFooterColumn | DocusaurusFooterLink)[];
    copyright?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface DocusaurusNavbarItem {
  type?: string;
  label?: string;
  to?: string;
  href?: string;
  docId?: string;
  sidebarId?: string;
  docsPluginId?: string;
  position?: "left" | "right";
  items?: DocusaurusNavbarItem[];
  value?: string;
  [key: string]: unknown;
}

interface DocusaurusFooterLink {
  label?: string;
  to?: string;
  href?: string;
  html?: string;
  [key: string]: unknown;
}

interface DocusaurusFooterColumn {
  title?: string;
  items: DocusaurusFooterLink[];
}

export interface ThemeTranslation {
  navbar: SiteConfigInput["navbar"];
  footer: SiteConfigInput["footer"];
}

/**
 * Resolves a logo or image path the way Docusaurus' useBaseUrl does: a site
 * path, with or without a leading slash, is put under baseUrl; URLs stay.
 * https://docusaurus.io/docs/api/themes/configuration#navbar-logo
 */
export function withBaseUrl(src: string, baseUrl: string): string {
  if (isExternalUrl(src) || src.startsWith("data:") || src.startsWith("//")) return src;
  if (src.startsWith(baseUrl)) return src;
  return `${baseUrl}${src.replace(/^\/+/, "")}`;
}

interface Context {
  baseUrl: string;
  /** The first doc of each sidebar named in sidebars files, for docSidebar items. */
  firstDocOfSidebar(sidebarId: string, docsPluginId?: string): string | undefined;
  unsupported(what: string): void;
}

/** Navbar item keys we follow; any other key (activeBaseRegex, target …) is reported. */
const NAVBAR_ITEM_KEYS = new Set(["type", "label", "to", "href", "docId", "sidebarId", "docsPluginId", "position", "items", "value", "html", "className", "aria-label"]);

function translateNavbarItem(item: DocusaurusNavbarItem, key: string, context: Context): NavbarItem | undefined {
  for (const name of Object.keys(item)) if (!NAVBAR_ITEM_KEYS.has(name)) context.unsupported(`${key}.${name}`);
  const position = item.position;
  const type = item.type ?? (item.items ? "dropdown" : "default");
  switch (type) {
    case "doc":
      // Docusaurus labels a doc item with the doc's sidebar label when none is given; the id is our stand-in.
      return { type: "doc", docId: String(item.docId), docsPluginId: item.docsPluginId, label: item.label ?? String(item.docId), position };
    case "docSidebar": {
      const docId = context.firstDocOfSidebar(String(item.sidebarId), item.docsPluginId);
      if (docId === undefined) {
        context.unsupported(`${key}: docSidebar "${item.sidebarId}" (its first doc could not be found in the sidebars file)`);
        return undefined;
      }
      return { type: "doc", docId, docsPluginId: item.docsPluginId, label: item.label ?? String(item.sidebarId), position };
    }
    case "default":
    case "link": {
      const target = item.to ?? item.href;
      if (typeof target !== "string") {
        context.unsupported(`${key}: a navbar link without "to" or "href"`);
        return undefined;
      }
      // An `html` value replaces the label inside the link. https://docusaurus.io/docs/api/themes/configuration#navbar-link
      const extra = {
        ...(typeof item.html === "string" ? { html: item.html } : {}),
        ...(typeof item.className === "string" ? { className: item.className } : {}),
        ...(typeof item["aria-label"] === "string" ? { ariaLabel: item["aria-label"] } : {}),
      };
      // Docusaurus shows no text for a link without a label (sites draw an icon with its className).
      return { type: "link", href: target, label: item.label ?? "", ...extra, position };
    }
    case "html":
      if (typeof item.value !== "string") {
        context.unsupported(`${key}: an html navbar item without a "value" string`);
        return undefined;
      }
      return { type: "html", value: item.value, ...(typeof item.className === "string" ? { className: item.className } : {}), position };
    case "dropdown": {
      const items = (item.items ?? []).flatMap((child, index) => {
        const translated = translateNavbarItem(child, `${key}.items[${index}]`, context);
        if (translated === undefined || translated.type === "doc" || translated.type === "link") return translated ? [translated] : [];
        context.unsupported(`${key}.items[${index}]: a "${translated.type}" item inside a dropdown`);
        return [];
      });
      return { type: "dropdown", label: item.label ?? "", position, items };
    }
    case "search":
      // Search is always in our navbar; the item only places it.
      return undefined;
    default:
      context.unsupported(`${key}: navbar item type "${type}"`);
      return undefined;
  }
}

function footerColumns(links: NonNullable<DocusaurusThemeConfig["footer"]>["links"], context: Context): FooterColumn[] {
  if (!Array.isArray(links) || links.length === 0) return [];
  const toLinks = (items: DocusaurusFooterLink[], key: string) =>
    items.flatMap((item, index): (FooterLink | FooterHtmlItem)[] => {
      // The author's markup, shown as written. https://docusaurus.io/docs/api/themes/configuration#footer-links
      if (typeof item.html === "string") return [{ html: item.html }];
      const href = item.to ?? item.href;
      if (typeof href !== "string") {
        context.unsupported(`themeConfig.footer.${key}[${index}]: a footer item without "to", "href" or "html"`);
        return [];
      }
      return [{ label: item.label ?? href, href }];
    });
  // A footer is either columns with titles ("multi-column") or one flat row of links ("simple").
  const isColumns = links.every((entry) => Array.isArray((entry as DocusaurusFooterColumn).items));
  if (!isColumns) return [{ title: "", items: toLinks(links as DocusaurusFooterLink[], "links") }];
  return (links as DocusaurusFooterColumn[]).map((column, index) => ({ title: column.title ?? "", items: toLinks(column.items, `links[${index}].items`) }));
}

const NAVBAR_KEYS = ["title", "logo", "hideOnScroll", "items"];
const FOOTER_KEYS = ["logo", "links", "copyright"];
const LOGO_KEYS = ["alt", "src", "srcDark", "href"];

function reportUnknownKeys(value: object | undefined, known: string[], where: string, context: Context): void {
  for (const key of Object.keys(value ?? {})) if (!known.includes(key)) context.unsupported(`${where}.${key}`);
}

/** Translates themeConfig.navbar and themeConfig.footer; what we cannot show is reported through `unsupported`. */
export function translateNavbarAndFooter(theme: DocusaurusThemeConfig, context: Context): ThemeTranslation {
  const navbar = theme.navbar ?? {};
  const footer = theme.footer ?? {};
  reportUnknownKeys(navbar, NAVBAR_KEYS, "themeConfig.navbar", context);
  reportUnknownKeys(footer, FOOTER_KEYS, "themeConfig.footer", context);
  reportUnknownKeys(navbar.logo, LOGO_KEYS, "themeConfig.navbar.logo", context);
  reportUnknownKeys(footer.logo, LOGO_KEYS, "themeConfig.footer.logo", context);
  const logo = navbar.logo;
  const footerLogo = footer.logo;
  return {
    navbar: {
      title: navbar.title,
      logo: logo
        ? { alt: logo.alt ?? navbar.title ?? "", src: withBaseUrl(logo.src, context.baseUrl), srcDark: logo.srcDark ? withBaseUrl(logo.srcDark, context.baseUrl) : undefined }
        : undefined,
      hideOnScroll: navbar.hideOnScroll,
      items: (navbar.items ?? [])
        .map((item, index) => translateNavbarItem(item, `themeConfig.navbar.items[${index}]`, context))
        .filter((item): item is NavbarItem => item !== undefined),
    },
    footer: {
      logo: footerLogo ? { alt: footerLogo.alt ?? "", src: withBaseUrl(footerLogo.src, context.baseUrl), href: footerLogo.href } : undefined,
      columns: footerColumns(footer.links, context),
      copyright: footer.copyright,
    },
  };
}
