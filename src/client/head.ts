import { headTags, MANAGED_HEAD_KEYS, type HeadTag, type PageHead } from "../core/pageHead";

/** Where the live head keeps the tag with this key. */
export function selectorFor(key: string): string {
  if (key === "canonical") return 'link[rel="canonical"]';
  return key.startsWith("og:") ? `meta[property="${key}"]` : `meta[name="${key}"]`;
}

function keyOf(tag: HeadTag): string {
  return tag.kind === "link" ? tag.rel : tag.key;
}

/** Hydrating a page applies the head the server wrote: a write of the same value is work for nothing. */
function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Brings the live <head> in line with a page's head after a client-side
 * navigation: the same tags, from the same function, as the server wrote for
 * that page, so a tab, bookmark or share of the new address says the right thing.
 */
export function applyHead(head: PageHead): void {
  if (document.title !== head.title) document.title = head.title;
  // Even an unchanged value, written, restyles the whole document (:lang() may match anything):
  // 4-9 ms of a hydrating page's main thread, forced by the sidebar's first layout read.
  setIfChanged(document.documentElement, "lang", head.lang);
  const wanted = new Map(headTags(head).map((tag) => [keyOf(tag), tag]));
  for (const key of MANAGED_HEAD_KEYS) {
    const existing = document.head.querySelector(selectorFor(key));
    const tag = wanted.get(key);
    if (!tag) {
      existing?.remove();
      continue;
    }
    const element = existing ?? document.head.appendChild(document.createElement(tag.kind));
    if (tag.kind === "link") {
      setIfChanged(element, "rel", tag.rel);
      setIfChanged(element, "href", tag.href);
    } else {
      setIfChanged(element, tag.attribute, tag.key);
      setIfChanged(element, "content", tag.content);
    }
  }
}
