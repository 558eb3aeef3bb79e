import { escapeHtml } from "../../core/html";

/** The id the error page's hot context registers under; any string Vite has not seen as a module works. */
const HOT_CONTEXT_ID = "/__site-error-page";

/**
 * The dev server's page for a build error. It reloads itself once the
 * content is reloaded: the listener needs a hot context made with Vite's
 * createHotContext, since `import.meta.hot` does not exist in an inline
 * script that Vite never transformed.
 */
export function devErrorPage(error: Error): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error</title>
<script type="module">import { createHotContext } from "/@vite/client";const hot = createHotContext(${JSON.stringify(HOT_CONTEXT_ID)});hot.on("site:content-changed", () => location.reload());</script>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1c1e21}pre{background:#fdeceb;color:#7a1d16;padding:1rem;border-left:4px solid #c0362c;white-space:pre-wrap}</style></head>
<body><h1>This page could not be built</h1><pre id="dev-error">${escapeHtml(error.message)}</pre><p>Fix the file and save: this page reloads by itself.</p></body></html>`;
}
