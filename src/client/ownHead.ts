import { PAGE_HEAD_ATTRIBUTE } from "../core/constants";
import { metaAttributeOf, type ExtraHeadTag, type OwnHead } from "../core/pageHead";
import { selectorFor } from "./head";

function sameTag(element: Element, tag: ExtraHeadTag): boolean {
  if (element.tagName.toLowerCase() !== tag.tag) return false;
  const names = Object.keys(tag.attributes);
  return names.every((name) => element.getAttribute(name) === tag.attributes[name]) && element.attributes.length === names.length + 1;
}

/**
 * Lays a page's own head (`@docusaurus/Head`) over the live <head>, after the
 * route's head was applied: the same values the server wrote for the page.
 * Tags the server already wrote are adopted, not added twice. The returned
 * cleanup removes the added tags; the next page's head resets the rest.
 */
export function applyOwnHead(own: OwnHead): () => void {
  if (own.title !== undefined && document.title !== own.title) document.title = own.title;
  for (const [key, content] of Object.entries(own.meta ?? {})) {
    const meta = document.head.querySelector(selectorFor(key)) ?? document.head.appendChild(document.createElement("meta"));
    meta.setAttribute(metaAttributeOf(key), key);
    meta.setAttribute("content", content);
  }
  if (own.canonical !== undefined) {
    const link = document.head.querySelector(selectorFor("canonical")) ?? document.head.appendChild(document.createElement("link"));
    link.setAttribute("rel", "canonical");
    link.setAttribute("href", own.canonical);
  }
  const written = [...document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)];
  const owned = (own.tags ?? []).map((tag) => {
    const existing = written.find((element) => sameTag(element, tag));
    if (existing) return existing;
    const element = document.createElement(tag.tag);
    for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, "");
    return document.head.appendChild(element);
  });
  return () => {
    for (const element of owned) element.remove();
  };
}
