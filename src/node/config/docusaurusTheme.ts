import type { FooterColumn, NavbarItem } from "../../core/types";
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

function translateNavbarItem(item: DocusaurusNavbarItem, key: string, context: Context): NavbarItem | undefined {
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
      return { type: "link", href: target, label: item.label ?? target, position };
    }
    case "dropdown": {
      const items = (item.items ?? [])
        .map((child, index) => translateNavbarItem(child, `${key}.items[${index}]`, context))
        .filter((child): child is Extract<NavbarItem, { type: "doc" | "link" }> => child !== undefined && (child.type === "doc" || child.type === "link"));
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
    items.flatMap((item, index) => {
      if (item.html !== undefined) {
        context.unsupported(`themeConfig.footer.${key}[${index}]: footer "html" items`);
        return [];
      }
      const href = item.to ?? item.href;
      return typeof href === "string" ? [{ label: item.label ?? href, href }] : [];
    });
  // A footer is either columns with titles ("multi-column") or one flat row of links ("simple").
  const isColumns = links.every((entry) => Array.isArray((entry as DocusaurusFooterColumn).items));
  if (!isColumns) return [{ title: "", items: toLinks(links as DocusaurusFooterLink[], "links") }];
  return (links as DocusaurusFooterColumn[]).map((column, index) => ({ title: column.title ?? "", items: toLinks(column.items, `links[${index}].items`) }));
}

/** Translates themeConfig.navbar and themeConfig.footer; what we cannot show is reported through `unsupported`. */
export function translateNavbarAndFooter(theme: DocusaurusThemeConfig, context: Context): ThemeTranslation {
  const navbar = theme.navbar ?? {};
  const footer = theme.footer ?? {};
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
