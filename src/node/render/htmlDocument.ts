import { escapeHtml } from "../../core/html";
import { ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY, COLOR_MODE_STORAGE_KEY, DOCS_SYSTEM_VERSION, PAGE_HEAD_ATTRIBUTE, ROUTE_RECORD_ELEMENT_ID } from "../../core/constants";
import type { RouteRecord, SiteAssets, ThemeConfig } from "../../core/types";
import { addBaseUrl, isExternalUrl } from "../../core/paths";
import { headTagsWithOwn, type ExtraHeadTag, type HeadTag, type PageHead } from "../../core/pageHead";
import { GENERATOR_VERSION } from "../version";


/**
 * Any value as a JavaScript/JSON literal that is safe inside an inline
 * <script>: "<" cannot start "</script>" or "<!--", and U+2028/U+2029 (line
 * breaks to older JavaScript parsers) cannot end a string early. Every value
 * put into an inline script goes through here.
 */
export function scriptLiteral(value: unknown): string {
  return (JSON.stringify(value) ?? "undefined").replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Sets data-theme before the first paint, so a dark-mode reader never sees a
 * flash of the light page. Storage may throw (privacy modes); then the default wins.
 */
export function colorModeScript(config: ThemeConfig): string {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  return `(function(){var d=${scriptLiteral(defaultMode)},c=null;try{c=localStorage.getItem(${scriptLiteral(COLOR_MODE_STORAGE_KEY)})}catch(e){}var r=${scriptLiteral(respectPrefersColorScheme === true)};if(c!=="light"&&c!=="dark"&&!(r&&c==="system"))c=d;var m=c==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):c;document.documentElement.setAttribute("data-theme",m);document.documentElement.setAttribute("data-theme-choice",c)})();`;
}

/**
 * A closeable announcement bar the reader dismissed must not flash on load:
 * mark <html> before first paint so the CSS hides it until React takes over.
 */
export function announcementScript(config: ThemeConfig): string {
  const bar = config.announcementBar;
  if (!bar?.isCloseable) return "";
  return `(function(){try{if(localStorage.getItem(${scriptLiteral(ANNOUNCEMENT_ID_STORAGE_KEY)})===${scriptLiteral(bar.id)}&&localStorage.getItem(${scriptLiteral(ANNOUNCEMENT_DISMISSED_STORAGE_KEY)})==="true")document.documentElement.setAttribute("data-announcement-dismissed","true")}catch(e){}})();`;
}

/**
 * A site served from another folder than its baseUrl loads no scripts or
 * styles and would sit there unstyled, saying nothing. This runs right after
 * the page's root element: it works out the folder the page is served from
 * (the address minus the route the page was rendered for, read from the
 * root's data-route; for the not-found page, whether the address lies under
 * baseUrl at all) and, when that is not baseUrl, says so and what to set.
 * Paths compare ignoring case, a trailing slash and .html. It is the same on
 * every page, so one hash in a Content-Security-Policy allows it.
 */
function baseUrlBannerScript(config: ThemeConfig): string {
  return `(function(){var b=${scriptLiteral(config.baseUrl)},e=document.getElementById("__root"),r=e&&e.hasAttribute("data-route")?e.getAttribute("data-route"):null,p=location.pathname.replace(/(^|\\/)index\\.html$/i,"$1").replace(/\\.html$/i,"");if(p.length>1)p=p.replace(/\\/+$/,"");var s=null;if(r!==null){var t=r==="/"?"":r;if(p.toLowerCase().slice(p.length-t.length)===t.toLowerCase())s=p.slice(0,p.length-t.length).replace(/\\/+$/,"")+"/"}var ok=s!==null?s.toLowerCase()===b.toLowerCase():(p+"/").toLowerCase().indexOf(b.toLowerCase())===0;if(ok||document.getElementById("base-url-issue-banner"))return;var n=document.createElement("div");n.id="base-url-issue-banner";n.setAttribute("role","alert");n.style.cssText="position:sticky;top:0;z-index:2000;padding:1rem;background:#fde2e1;color:#5c0b07;font:16px/1.5 system-ui,sans-serif;border-bottom:2px solid #c0362c";n.textContent="Your site did not load properly. The configured baseUrl is "+JSON.stringify(b)+" but this page is served from "+location.pathname+". Set baseUrl in site.config.ts to "+(s!==null?JSON.stringify(s)+", ":"")+"the folder the site is served from.";document.body.prepend(n)})();`;
}

/**
 * Every inline script a page carries, each the same on every page of a build: the head's
 * (colour mode, dismissed announcement) and the base-url banner. Their hashes make the
 * build's Content-Security-Policy (contentSecurityPolicy.ts).
 */
export function inlineScripts(config: ThemeConfig): [head: string, banner: string] {
  return [colorModeScript(config) + announcementScript(config), baseUrlBannerScript(config)];
}

export interface HtmlDocumentOptions {
  config: ThemeConfig;
  siteVersion: string;
  head: PageHead;
  appHtml: string;
  assets: SiteAssets;
  cssFiles: string[];
  entryScript: string;
  modulePreloads: string[];
  /** JSON files the page needs at once (its section's route index and sidebar). */
  dataPreloads: string[];
  /** The record of the route rendered, and its section's key, for the browser to hydrate without loading its route chunk. */
  routeRecord?: { section: string; route: RouteRecord };
  /** Extra tags for the head (dev: Vite's client). */
  extraHead?: string;
}

/** One managed head tag as HTML; the browser's head manager finds it again by the same key. */
function headTagHtml(tag: HeadTag): string {
  if (tag.kind === "link") return `<link rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}">`;
  return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`;
}

/**
 * A tag the page added with `@docusaurus/Head`, marked so the browser finds
 * it again (and removes it when the reader navigates to another page).
 */
function extraHeadTagHtml(tag: ExtraHeadTag): string {
  const attributes = Object.entries(tag.attributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join("");
  return `<${tag.tag}${attributes} ${PAGE_HEAD_ATTRIBUTE}="">${tag.tag === "script" ? "</script>" : ""}`;
}

export function htmlDocument(options: HtmlDocumentOptions): string {
  const { config, head } = options;
  const [headScript, bannerScript] = inlineScripts(config);
  const locale = config.locale.config;
  const tags = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="generator" content="graphile-docs ${GENERATOR_VERSION} (docs system ${DOCS_SYSTEM_VERSION})">`,
    `<meta name="site-version" content="${escapeHtml(options.siteVersion)}">`,
    `<title>${escapeHtml(head.own?.title ?? head.title)}</title>`,
    ...headTagsWithOwn(head).map(headTagHtml),
    ...(head.own?.tags ?? []).map(extraHeadTagHtml),
    `<meta property="og:type" content="website">`,
    `<link rel="icon" href="${escapeHtml(isExternalUrl(config.favicon) ? config.favicon : addBaseUrl(config.favicon, config.baseUrl))}">`,
    `<script>${headScript}</script>`,
    ...options.cssFiles.map((file) => `<link rel="stylesheet" href="${escapeHtml(file)}">`),
    // The page is readable from its HTML and stylesheet; what hydrates it comes second. At high
    // priority these downloads shared a slow link with the stylesheet and held back the first paint.
    ...options.dataPreloads.map((file) => `<link rel="preload" href="${escapeHtml(file)}" as="fetch" crossorigin="anonymous" fetchpriority="low">`),
    ...options.modulePreloads.map((file) => `<link rel="modulepreload" href="${escapeHtml(file)}" fetchpriority="low">`),
    options.extraHead ?? "",
    `<script type="module" src="${escapeHtml(options.entryScript)}" fetchpriority="low"></script>`,
  ].filter(Boolean);
  // The client compares data-route with the address it is at: HTML rendered for another route (404.html
  // answering a case or .html variant) is rendered afresh instead of hydrated.
  const routeAttribute = head.route === null ? "" : ` data-route="${escapeHtml(head.route)}"`;
  return `<!doctype html>
<html lang="${escapeHtml(head.lang)}" dir="${locale.direction}">
<head>
${tags.join("\n")}
</head>
<body>
<div id="__root"${routeAttribute}>${options.appHtml}</div>
<script>${bannerScript}</script>
<script id="__site_assets" type="application/json">${scriptLiteral(options.assets)}</script>
${options.routeRecord ? `<script id="${ROUTE_RECORD_ELEMENT_ID}" type="application/json">${scriptLiteral(options.routeRecord)}</script>\n` : ""}</body>
</html>
`;
}
