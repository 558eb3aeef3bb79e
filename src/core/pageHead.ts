import { normalizePath } from "./paths";
import type { ThemeConfig } from "./types";
import type { RouteState } from "../client/RouteStore";

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  keywords: string[];
  docsTag?: string;
  /** Ask search engines not to index the page (unlisted blog posts). */
  noindex?: boolean;
}

/** What a page says about itself while rendering (`<Layout title description>` of a React page). */
export interface RenderedHead {
  title?: string;
  description?: string;
}

/** The <head> facts of a page: its title, description and canonical address. */
export function pageHead(state: RouteState, config: ThemeConfig, pathname: string): PageHead {
  const canonical = `${config.url}${normalizePath(pathname)}`;
  if (state.status !== "ready") {
    return { title: `Page Not Found | ${config.title}`, description: config.tagline, canonical, keywords: [] };
  }
  const doc = state.route.doc;
  if (doc) {
    return {
      title: `${doc.title} | ${config.title}`,
      description: doc.description || config.tagline,
      canonical,
      keywords: doc.keywords,
      docsTag: `docs-${state.manifest.pluginId}-current`,
    };
  }
  const page = state.route.page;
  const path = normalizePath(pathname);
  const description = page?.description || config.tagline;
  const noindex = page?.noindex ? { noindex: true } : {};
  if (page?.title) return { title: `${page.title} | ${config.title}`, description, canonical, keywords: [], ...noindex };
  if (path === "/") return { title: `${config.title} · ${config.tagline}`, description, canonical, keywords: [] };
  if (path === "/search") return { title: `Search the documentation | ${config.title}`, description, canonical, keywords: [] };
  return { title: config.title, description, canonical, keywords: [], ...noindex };
}

/** The head with what the page said about itself while rendering laid over it. */
export function withRenderedHead(head: PageHead, rendered: RenderedHead, config: ThemeConfig): PageHead {
  return {
    ...head,
    ...(rendered.title ? { title: `${rendered.title} | ${config.title}` } : {}),
    ...(rendered.description ? { description: rendered.description } : {}),
  };
}
