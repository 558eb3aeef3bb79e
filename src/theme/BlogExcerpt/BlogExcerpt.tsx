import { createElement, type ReactNode } from "react";
import type { BlogHtmlNode } from "../../core/blog";
import { isExternalUrl } from "../../core/paths";
import Link from "../Link/Link";

function render(nodes: BlogHtmlNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    const [tag, attributes, ...children] = node;
    // Internal links route in the page (and are seen by the build's link check) like every other link.
    if (tag === "a" && attributes.href && !isExternalUrl(attributes.href) && !attributes.href.startsWith("#")) {
      return (
        <Link key={index} to={attributes.href} className={attributes.className}>
          {render(children)}
        </Link>
      );
    }
    return createElement(tag, { key: index, ...attributes }, ...(children.length ? render(children) : []));
  });
}

/** The part of a post before its truncate marker, as the blog list shows it. */
export default function BlogExcerpt({ nodes }: { nodes: BlogHtmlNode[] }) {
  return <div className="markdown">{render(nodes)}</div>;
}
