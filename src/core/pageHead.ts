import { CURRENT_VERSION_NAME } from "./constants";
import { docsTagFor } from "./docsTag";
import { addBaseUrl } from "./paths";
import type { RouteIndex, RouteRecord, ThemeConfig } from "./types";

/**
 * The <head> of a page, decided once for the server (which writes it into the
 * HTML) and the browser (which rewrites the live head after every client-side
 * navigation), so both always agree.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absent on the not-found page: it has no address of its own. */
  canonical?: string;
  keywords: string[];
  docsTag?: string;
  lang: string;
  noindex: boolean;
  /** The route the page was rendered for; null for the not-found page. */
  route: string | null;
  /** The page's own head (`@docusaurus/Head`): its <title> as written, its managed meta tags, its other tags. */
  own?: OwnHead;
}

/**
 * What a page puts in its head itself with `@docusaurus/Head`. The title is
 * used as written (Docusaurus adds no site name to it); meta tags whose key
 * the head manager owns replace that tag's content; every other tag is added.
 */
export interface OwnHead {
  title?: string;
  meta?: Record<string, string>;
  canonical?: string;
  tags?: ExtraHeadTag[];
}

/** A tag a page adds to its head, with its HTML attribute names (`charset`, `class`, `http-equiv`). */
export interface ExtraHeadTag {
  tag: "meta" | "link" | "script";
  attributes: Record<string, string>;
}

/** What a page says about itself while rendering (`<Layout title description>` of a React page, `@docusaurus/Head`). */
export interface RenderedHead {
  title?: string;
  description?: string;
  own?: OwnHead;
}

/** What pageHead needs to know about the page: its route and manifest, or null when nothing matched. */
export type HeadSource = { route: RouteRecord; manifest: RouteIndex; frontMatter?: Record<string, unknown> } | null;

/** The page asks to stay out of search engines with `noindex: true` in its front matter. */
function asksNoindex(frontMatter: Record<string, unknown> | undefined): boolean {
  return frontMatter?.noindex === true;
}

/**
 * A docs page's title carries its section's label unless the title already
 * names it: several sections have an "API reference", and each tab, history
 * entry and bookmark must tell them apart.
 */
function docTitle(docTitle: string, sectionLabel: string, siteTitle: string): string {
  const named = sectionLabel && docTitle.toLowerCase().includes(sectionLabel.toLowerCase());
  return named || !sectionLabel ? `${docTitle} | ${siteTitle}` : `${docTitle} | ${sectionLabel} | ${siteTitle}`;
}

export function pageHead(source: HeadSource, config: ThemeConfig): PageHead {
  const lang = config.locale.config.htmlLang;
  if (!source) {
    return { title: `Page Not Found | ${config.title}`, description: config.tagline, keywords: [], lang, noindex: true, route: null };
  }
  const { route, manifest, frontMatter } = source;
  const canonical = `${config.url.replace(/\/+$/, "")}${addBaseUrl(route.path, config.baseUrl)}`;
  const base = { canonical, lang, noindex: asksNoindex(frontMatter), route: route.path };
  const doc = route.doc;
  if (doc) {
    const versionName = manifest.versions[0]?.name ?? CURRENT_VERSION_NAME;
    const version = config.sections.find((section) => section.pluginId === manifest.pluginId)?.versions?.find((candidate) => candidate.name === versionName);
    return {
      ...base,
      title: docTitle(doc.title, manifest.label, config.title),
      description: doc.description || config.tagline,
      keywords: doc.keywords,
      docsTag: docsTagFor(manifest.pluginId, versionName),
      ...(version?.noIndex ? { noindex: true } : {}),
    };
  }
  const page = route.page;
  const description = page?.description || (typeof frontMatter?.description === "string" ? frontMatter.description : config.tagline);
  if (page?.noindex) base.noindex = true;
  if (page?.title) return { ...base, title: `${page.title} | ${config.title}`, description, keywords: [] };
  if (route.path === "/") return { ...base, title: `${config.title} · ${config.tagline}`, description, keywords: [] };
  if (route.path === "/search") return { ...base, title: `Search the documentation | ${config.title}`, description, keywords: [] };
  const title = typeof frontMatter?.title === "string" ? `${frontMatter.title} | ${config.title}` : config.title;
  return { ...base, title, description, keywords: [] };
}

/** One element of the head other than <title>: found again in the live head by its key. */
export type HeadTag =
  | { kind: "meta"; attribute: "name" | "property"; key: string; content: string }
  | { kind: "link"; rel: string; href: string };

/**
 * Every tag the head manager owns. A tag a page does not have (a canonical
 * link on the not-found page, robots on an indexable page) is removed from
 * the live head when navigating to it.
 */
export const MANAGED_HEAD_KEYS = [
  "description",
  "keywords",
  "robots",
  "og:title",
  "og:description",
  "og:url",
  "og:locale",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "docsearch:language",
  "docsearch:docusaurus_tag",
  "canonical",
] as const;

/** The page's head tags, in the order the server writes them. */
export function headTags(head: PageHead): HeadTag[] {
  const meta = (attribute: "name" | "property", key: string, content: string): HeadTag => ({ kind: "meta", attribute, key, content });
  const tags: (HeadTag | false)[] = [
    meta("name", "description", head.description),
    head.keywords.length > 0 && meta("name", "keywords", head.keywords.join(", ")),
    head.noindex && meta("name", "robots", "noindex, nofollow"),
    head.canonical !== undefined && { kind: "link", rel: "canonical", href: head.canonical },
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    head.canonical !== undefined && meta("property", "og:url", head.canonical),
    meta("property", "og:locale", head.lang),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "docsearch:language", head.lang),
    head.docsTag !== undefined && meta("name", "docsearch:docusaurus_tag", head.docsTag),
  ];
  return tags.filter((tag): tag is HeadTag => tag !== false);
}

/**
 * The tags the server writes: the page's head tags with the page's own values
 * (`@docusaurus/Head`) over them, key by key (a key we would not write is
 * added). Apart from headTags so the browser's main bundle does not carry it:
 * there, the Head component applies the same values itself.
 */
export function headTagsWithOwn(head: PageHead): HeadTag[] {
  const meta = (attribute: "name" | "property", key: string, content: string): HeadTag => ({ kind: "meta", attribute, key, content });
  const result = headTags(head);
  for (const [key, content] of Object.entries(head.own?.meta ?? {})) {
    const existing = result.find((tag) => tag.kind === "meta" && tag.key === key);
    if (existing?.kind === "meta") existing.content = content;
    else result.push(meta(metaAttributeOf(key), key, content));
  }
  const canonical = head.own?.canonical;
  if (canonical !== undefined) {
    const existing = result.find((tag) => tag.kind === "link" && tag.rel === "canonical");
    if (existing?.kind === "link") existing.href = canonical;
    else result.push({ kind: "link", rel: "canonical", href: canonical });
  }
  return result;
}

/** Open Graph keys are `property` attributes; every other managed meta tag is a `name`. */
export function metaAttributeOf(key: string): "name" | "property" {
  return key.startsWith("og:") ? "property" : "name";
}

/** Whether the head manager owns the meta tag with this key (so a page's own value replaces ours). */
export function isManagedMetaKey(key: string): boolean {
  return key !== "canonical" && (MANAGED_HEAD_KEYS as readonly string[]).includes(key);
}

/** The head with what the page said about itself while rendering laid over it. */
export function withRenderedHead(head: PageHead, rendered: RenderedHead, config: ThemeConfig): PageHead {
  return {
    ...head,
    ...(rendered.title ? { title: `${rendered.title} | ${config.title}` } : {}),
    ...(rendered.description ? { description: rendered.description } : {}),
    ...(rendered.own ? { own: rendered.own } : {}),
  };
}

/**
 * Lays what one more component reported over what the page reported before,
 * as the last `<Head>` rendered wins in Docusaurus: titles and meta values are
 * replaced, added tags are kept once each.
 */
export function mergeRenderedHead(into: RenderedHead, next: RenderedHead): void {
  if (next.title) into.title = next.title;
  if (next.description) into.description = next.description;
  if (!next.own) return;
  const own = (into.own ??= {});
  if (next.own.title !== undefined) own.title = next.own.title;
  if (next.own.canonical !== undefined) own.canonical = next.own.canonical;
  if (next.own.meta) own.meta = { ...own.meta, ...next.own.meta };
  if (next.own.tags) {
    const seen = new Set((own.tags ?? []).map((tag) => JSON.stringify(tag)));
    own.tags = [...(own.tags ?? []), ...next.own.tags.filter((tag) => !seen.has(JSON.stringify(tag)))];
  }
}
