import { headTags, MANAGED_HEAD_KEYS, type HeadTag, type PageHead } from "../core/pageHead";

/** Where the live head keeps the tag with this key. */
export function selectorFor(key: string): string {
  if (key === "canonical") return 'link[rel="canonical"]';
  return key.startsWith("og:") ? `meta[property="${key}"]` : `meta[name="${key}"]`;
}

function keyOf(tag: HeadTag): string {
  return tag.kind === "link" ? tag.rel : tag.key;
}

/**
 * Brings the live <head> in line with a page's head after a client-side
 * navigation: the same tags, from the same function, as the server wrote for
 * that page, so a tab, bookmark or share of the new address says the right thing.
 */
export function applyHead(head: PageHead): void {
  if (document.title !== head.title) document.title = head.title;
  document.documentElement.lang = head.lang;
  const wanted = new Map(headTags(head).map((tag) => [keyOf(tag), tag]));
  for (const key of MANAGED_HEAD_KEYS) {
    const existing = document.head.querySelector(selectorFor(key));
    const tag = wanted.get(key);
    if (!tag) {
      existing?.remove();
      continue;
    }
    if (tag.kind === "link") {
      const link = (existing as HTMLLinkElement | null) ?? document.head.appendChild(document.createElement("link"));
      link.rel = tag.rel;
      link.setAttribute("href", tag.href);
    } else {
      const meta = existing ?? document.head.appendChild(document.createElement("meta"));
      meta.setAttribute(tag.attribute, tag.key);
      meta.setAttribute("content", tag.content);
    }
  }
}
