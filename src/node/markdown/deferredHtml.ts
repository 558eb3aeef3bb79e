import type { VFile } from "vfile";

/**
 * HTML the compile moves out of a page module (highlighted code, plain prose)
 * into the page's deferred strings; src/client/deferredHtml.ts says why.
 */

/** The query naming a page's deferred-HTML module: `page.md?deferred-html` exports its strings. */
export const DEFERRED_HTML_QUERY = "?deferred-html";

/** The component plain prose renders with once deferred (src/theme/mdx/DeferredHtml.tsx). */
export const DEFERRED_HTML_COMPONENT = "DeferredHtml";

/** The page's deferred strings so far, kept on the file until the compile writes them out; a block's key is its index. */
export function deferredHtmlOf(file: VFile): string[] {
  file.data.deferredHtml ??= [];
  return file.data.deferredHtml as string[];
}
