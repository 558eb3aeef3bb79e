import type { HTMLAttributes } from "react";
import { DEFERRED_HTML_ATTRIBUTE } from "../../client/deferredHtml";
import { useDeferredHtml } from "./useDeferredHtml";

export interface DeferredHtmlProps extends HTMLAttributes<HTMLElement> {
  /** The element the compile took the HTML from: "p", "ul", "table" … */
  as: "p" | "ul" | "ol" | "li" | "blockquote" | "table" | "thead" | "tbody" | "tr" | "th" | "td" | "strong" | "em" | "code" | "del" | "sup" | "sub" | "kbd";
  htmlKey: number | string;
  start?: number | string;
}

/**
 * A plain Markdown element whose inner HTML the compile deferred (see
 * src/node/markdown/deferProse.ts): the same element, its content from the
 * document on hydration and from the page's deferred strings otherwise.
 */
export default function DeferredHtml({ as: Tag, htmlKey, start, ...props }: DeferredHtmlProps) {
  const key = Number(htmlKey);
  const html = useDeferredHtml(key);
  const listStart = start === undefined ? undefined : Number(start);
  return <Tag {...props} start={listStart} {...{ [DEFERRED_HTML_ATTRIBUTE]: key }} dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}
