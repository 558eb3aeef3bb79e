import { Children, isValidElement, type ReactNode } from "react";
import { isManagedMetaKey, type ExtraHeadTag, type OwnHead } from "../../core/pageHead";

/** React's names for the attributes a head tag may carry, and their names in HTML. */
const HTML_ATTRIBUTE_NAMES: Record<string, string> = {
  className: "class",
  httpEquiv: "http-equiv",
  crossOrigin: "crossorigin",
  hrefLang: "hreflang",
  referrerPolicy: "referrerpolicy",
  itemProp: "itemprop",
  noModule: "nomodule",
};

function htmlAttributes(props: Record<string, unknown>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === "children" || value === undefined || value === null || value === false) continue;
    attributes[HTML_ATTRIBUTE_NAMES[name] ?? name.toLowerCase()] = value === true ? "" : String(value);
  }
  return attributes;
}

function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === "string" || typeof child === "number" ? String(child) : ""))
    .join("");
}

/** Every element of the children, fragments opened. */
function elementsOf(children: ReactNode): { type: unknown; props: Record<string, unknown> }[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement(child)) return [];
    const props = child.props as Record<string, unknown>;
    if (typeof child.type !== "string") return elementsOf(props.children as ReactNode);
    return [{ type: child.type, props }];
  });
}

/**
 * What `<Head>` children put in the page's head: <title> as written; a meta
 * tag the head manager owns (description, og:title …) replaces our value; a
 * canonical link replaces ours; other meta, link and script tags are added.
 * <meta charSet> is dropped: every page already declares utf-8.
 */
export function ownHeadOf(children: ReactNode): OwnHead {
  const own: OwnHead = {};
  const tags: ExtraHeadTag[] = [];
  for (const { type, props } of elementsOf(children)) {
    if (type === "title") own.title = textOf(props.children as ReactNode);
    else if (type === "meta") {
      if (props.charSet !== undefined) continue;
      const key = (props.name ?? props.property) as string | undefined;
      if (key !== undefined && typeof props.content === "string" && isManagedMetaKey(key)) own.meta = { ...own.meta, [key]: props.content };
      else tags.push({ tag: "meta", attributes: htmlAttributes(props) });
    } else if (type === "link") {
      if (props.rel === "canonical" && typeof props.href === "string") own.canonical = props.href;
      else tags.push({ tag: "link", attributes: htmlAttributes(props) });
    } else if (type === "script" && typeof props.src === "string") tags.push({ tag: "script", attributes: htmlAttributes(props) });
  }
  if (tags.length > 0) own.tags = tags;
  return own;
}
