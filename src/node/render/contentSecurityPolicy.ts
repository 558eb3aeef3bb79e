import { createHash } from "node:crypto";
import { isAlgoliaConfigured } from "../../core/search/backend";
import type { ThemeConfig } from "../../core/types";
import { inlineScripts } from "./htmlDocument";

/** The Netlify/Cloudflare Pages headers file the build writes, unless the site's static/ has its own. */
export const HEADERS_FILE = "_headers";

/**
 * A strict Content-Security-Policy that a build's pages work under: scripts from the site itself
 * plus, by their sha256 hash, the two inline scripts every page carries (they must run before
 * first paint and before any file loads, so they cannot be files). The theme renders no style
 * attributes, so style-src needs no 'unsafe-inline', unless the announcement bar has configured
 * colours (its one style attribute); a code block numbered from another line than 1, or MDX
 * with style props, needs it too: such a site adds it to its own static/_headers.
 * A site with the Try it playground also allows WebAssembly (PGlite), the worker's import of
 * the reader's edited code, which it loads from a blob: URL, and inline styles: CodeMirror
 * writes its editor styles into a <style> element it makes at run time (no hash can name them).
 */
export function contentSecurityPolicy(config: ThemeConfig, options: { playground?: boolean } = {}): string {
  const hashes = inlineScripts(config).map((script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`);
  const hostedSearch = isAlgoliaConfigured(config.search.algolia) ? " https://*.algolia.net https://*.algolianet.com" : "";
  const bar = config.announcementBar;
  const styleAttributes = bar?.backgroundColor || bar?.textColor || options.playground ? " 'unsafe-inline'" : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}${options.playground ? " 'wasm-unsafe-eval' blob:" : ""}`,
    `style-src 'self'${styleAttributes}`,
    "img-src 'self' data: https:",
    `connect-src 'self'${hostedSearch}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

export function headersFile(policy: string): string {
  return `# Written by the build: the headers every page of this site is served with (Netlify, Cloudflare Pages).\n/*\n  Content-Security-Policy: ${policy}\n`;
}
