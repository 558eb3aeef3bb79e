import { CURRENT_VERSION_NAME } from "./constants";
import { normalizePath } from "./paths";
import { docsTagFor } from "./search/constants";
import type { ThemeConfig } from "./types";
import type { RouteState } from "../client/RouteStore";

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  keywords: string[];
  docsTag?: string;
  /** A docs version that asks search engines to stay away (its `noIndex` option). */
  noIndex?: boolean;
}

/** The <head> facts of a page: its title, description and canonical address. */
export function pageHead(state: RouteState, config: ThemeConfig, pathname: string): PageHead {
  const canonical = `${config.url}${normalizePath(pathname)}`;
  if (state.status !== "ready") {
    return { title: `Page Not Found | ${config.title}`, description: config.tagline, canonical, keywords: [] };
  }
  const doc = state.route.doc;
  if (doc) {
    const versionName = state.manifest.versions[0]?.name ?? CURRENT_VERSION_NAME;
    const version = config.sections.find((section) => section.pluginId === state.manifest.pluginId)?.versions?.find((candidate) => candidate.name === versionName);
    return {
      title: `${doc.title} | ${config.title}`,
      description: doc.description || config.tagline,
      canonical,
      keywords: doc.keywords,
      docsTag: docsTagFor(state.manifest.pluginId, versionName),
      ...(version?.noIndex ? { noIndex: true } : {}),
    };
  }
  const path = normalizePath(pathname);
  if (path === "/") return { title: `${config.title} · ${config.tagline}`, description: config.tagline, canonical, keywords: [] };
  if (path === "/search") return { title: `Search the documentation | ${config.title}`, description: config.tagline, canonical, keywords: [] };
  return { title: config.title, description: config.tagline, canonical, keywords: [] };
}
