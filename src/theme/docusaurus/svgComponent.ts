import { createElement, type SVGProps } from "react";

/**
 * The component an .svg file imported by a site's module becomes (Docusaurus' SVGR): the file's
 * own attributes on <svg>, the caller's props over them, and a `title` prop as its <title>.
 * Generated modules import this rather than React itself: a module with no file of its own is
 * not an ES module in the bundler's eyes, and one wrapping React differently from the theme's
 * files beside it in a chunk made that chunk's bytes depend on which was found first.
 */
export function svgComponent(attributes: Record<string, string>, inner: string) {
  return function SvgComponent({ title, ...props }: SVGProps<SVGSVGElement> & { title?: string }) {
    return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: { __html: (title ? `<title>${title}</title>` : "") + inner } });
  };
}
