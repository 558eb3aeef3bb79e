import type { PageModule } from "../core/types";

/**
 * Highlighted code is HTML the build makes once. It used to sit in the page's
 * chunk, so a first visit downloaded every code block twice: in the document
 * and in the JavaScript that hydrates it. Now a page's chunk holds only a key
 * per block and the strings live in a module of their own: hydration reads
 * them back from the document, and the module loads only for pages rendered
 * in the browser (client-side navigation, a fresh render).
 */

/** The attribute on each `<code>` whose HTML is deferred; its value is the block's key. */
export const DEFERRED_HTML_ATTRIBUTE = "data-html-key";

/** The deferred HTML the server rendered into `root`, by key. */
export function deferredHtmlInDocument(root: ParentNode): (string | undefined)[] {
  const strings: (string | undefined)[] = [];
  for (const element of root.querySelectorAll(`[${DEFERRED_HTML_ATTRIBUTE}]`)) {
    const key = Number(element.getAttribute(DEFERRED_HTML_ATTRIBUTE));
    if (Number.isInteger(key) && key >= 0) strings[key] = element.innerHTML;
  }
  return strings;
}

/**
 * The page module with its deferred HTML at hand: the strings found in the
 * document when given (hydrating the page the server rendered), else loaded.
 */
export async function withDeferredHtml(page: PageModule, inDocument?: (string | undefined)[]): Promise<PageModule> {
  const load = page.loadDeferredHtml;
  if (!load) return page;
  return { ...page, deferredHtml: { strings: inDocument ?? (await load()), load } };
}
