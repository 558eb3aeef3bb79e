import { escapeHtml } from "../../core/html";
import { ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY, COLOR_MODE_STORAGE_KEY, DOCS_SYSTEM_VERSION } from "../../core/constants";
import type { SiteAssets, ThemeConfig } from "../../core/types";
import type { PageHead } from "../../core/pageHead";
import { GENERATOR_VERSION } from "../version";


/** JSON inside a <script> must not be able to close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Sets data-theme before the first paint, so a dark-mode reader never sees a
 * flash of the light page. Storage may throw (privacy modes); then the default wins.
 */
export function colorModeScript(config: ThemeConfig): string {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  return `(function(){var d=${JSON.stringify(defaultMode)},c=null;try{c=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)})}catch(e){}var r=${respectPrefersColorScheme};if(c!=="light"&&c!=="dark"&&!(r&&c==="system"))c=d;var m=c==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):c;document.documentElement.setAttribute("data-theme",m);document.documentElement.setAttribute("data-theme-choice",c)})();`;
}

/**
 * A closeable announcement bar the reader dismissed must not flash on load:
 * mark <html> before first paint so the CSS hides it until React takes over.
 */
export function announcementScript(config: ThemeConfig): string {
  const bar = config.announcementBar;
  if (!bar?.isCloseable) return "";
  return `(function(){try{if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_ID_STORAGE_KEY)})===${JSON.stringify(bar.id)}&&localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISSED_STORAGE_KEY)})==="true")document.documentElement.setAttribute("data-announcement-dismissed","true")}catch(e){}})();`;
}

/**
 * If the page is served under a different base URL than configured, the
 * scripts never load and the page is dead; after a moment, say so and how to fix it.
 */
function baseUrlBannerScript(config: ThemeConfig): string {
  return `(function(){if(location.pathname.indexOf(${JSON.stringify(config.baseUrl)})===0)return;window.addEventListener("load",function(){setTimeout(function(){if(document.documentElement.dataset.hydrated)return;var b=document.createElement("div");b.id="base-url-issue-banner";b.setAttribute("role","alert");b.style.cssText="position:sticky;top:0;z-index:2000;padding:1rem;background:#fde2e1;color:#5c0b07;font:16px/1.5 system-ui,sans-serif;border-bottom:2px solid #c0362c";b.textContent="Your site did not load properly. The configured baseUrl is "+${JSON.stringify(JSON.stringify(config.baseUrl))}+" but this page is served from "+location.pathname+". Set baseUrl in site.config.ts to the folder the site is served from.";document.body.prepend(b)},1000)})})();`;
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
  /** JSON files the page needs at once (its section's manifest). */
  dataPreloads: string[];
  /** Extra tags for the head (dev: Vite's client). */
  extraHead?: string;
}

export function htmlDocument(options: HtmlDocumentOptions): string {
  const { config, head } = options;
  const locale = config.locale.config;
  const description = escapeHtml(head.description);
  const title = escapeHtml(head.title);
  const tags = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="generator" content="graphile-docs ${GENERATOR_VERSION} (docs system ${DOCS_SYSTEM_VERSION})">`,
    `<meta name="site-version" content="${escapeHtml(options.siteVersion)}">`,
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    head.noIndex ? `<meta name="robots" content="noindex, nofollow">` : "",
    head.keywords.length ? `<meta name="keywords" content="${escapeHtml(head.keywords.join(", "))}">` : "",
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="${escapeHtml(locale.htmlLang)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="docsearch:language" content="${escapeHtml(locale.htmlLang)}">`,
    head.docsTag ? `<meta name="docsearch:docusaurus_tag" content="${escapeHtml(head.docsTag)}">` : "",
    `<link rel="icon" href="${escapeHtml(config.baseUrl + config.favicon)}">`,
    `<script>${colorModeScript(config)}${announcementScript(config)}</script>`,
    ...options.cssFiles.map((file) => `<link rel="stylesheet" href="${escapeHtml(file)}">`),
    ...options.dataPreloads.map((file) => `<link rel="preload" href="${escapeHtml(file)}" as="fetch" crossorigin="anonymous">`),
    ...options.modulePreloads.map((file) => `<link rel="modulepreload" href="${escapeHtml(file)}">`),
    options.extraHead ?? "",
    `<script type="module" src="${escapeHtml(options.entryScript)}"></script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(locale.htmlLang)}" dir="${locale.direction}">
<head>
${tags.join("\n")}
</head>
<body>
<script>${baseUrlBannerScript(config)}</script>
<div id="__root">${options.appHtml}</div>
<script id="__site_assets" type="application/json">${scriptJson(options.assets)}</script>
</body>
</html>
`;
}
