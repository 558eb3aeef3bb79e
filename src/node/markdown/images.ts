import { existsSync } from "node:fs";
import path from "node:path";
import type { Image, Root, RootContent } from "mdast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { isExternalUrl, safeDecodeURIComponent, splitUrl } from "../../core/paths";
import type { FeatureContext } from "./featureContext";
import { imageSize } from "./imageSize";
import { esmImport, jsxTextElement } from "./mdxNodes";

function importSource(fromFile: string, target: string): string {
  const relative = path.relative(path.dirname(fromFile), target).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/**
 * Markdown images get their width and height (so the page does not jump as
 * they load) and load lazily. A relative image file is imported, so Vite
 * bundles it and gives it a hashed URL; an absolute path is a file in the
 * site's static folder. A missing file is a warning naming the line.
 */
export function remarkImages(context: FeatureContext) {
  return (tree: Root, file: VFile) => {
    const imports: RootContent[] = [];
    const known = new Map<string, string>();
    visit(tree, "image", (node: Image, index, parent) => {
      const url = node.url;
      if (!url || isExternalUrl(url) || url.startsWith("data:") || url.startsWith("//")) return;
      const { pathname } = splitUrl(url);
      const line = node.position?.start.line;
      if (pathname.startsWith("/")) {
        const staticFile = context.siteDir ? path.join(context.siteDir, "static", safeDecodeURIComponent(pathname)) : undefined;
        if (!staticFile || !existsSync(staticFile)) {
          context.warn({ file: context.file, line, message: `image "${url}" is not in the static folder${staticFile ? ` (${staticFile})` : ""}` });
          return;
        }
        const size = imageSize(staticFile);
        node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), ...(size ?? {}), loading: "lazy", decoding: "async" } };
        return;
      }
      // `@site/…` is the site folder, as in Docusaurus. https://docusaurus.io/docs/markdown-features/assets
      const target = pathname.startsWith("@site/") && context.siteDir
        ? path.join(context.siteDir, safeDecodeURIComponent(pathname.slice("@site/".length)))
        : path.resolve(path.dirname(file.path), safeDecodeURIComponent(pathname));
      if (!existsSync(target)) {
        context.warn({ file: context.file, line, message: `image "${url}" not found (looked for ${path.relative(process.cwd(), target)})` });
        return;
      }
      if (!parent || index === undefined) return;
      let name = known.get(target);
      if (!name) {
        name = `__image${known.size}`;
        known.set(target, name);
        imports.push(esmImport(importSource(file.path, target), name));
      }
      const size = imageSize(target);
      const element = jsxTextElement("img", {
        src: { identifier: name },
        alt: node.alt ?? "",
        title: node.title ?? undefined,
        width: size?.width,
        height: size?.height,
        loading: "lazy",
        decoding: "async",
      });
      element.position = node.position;
      parent.children[index] = element as unknown as Image;
    });
    tree.children.unshift(...imports);
    checkJsxImages(tree, file, context);
  };
}

interface JsxImage {
  type: "mdxJsxFlowElement" | "mdxJsxTextElement";
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number } };
}

/**
 * A JSX <img src="..."> is left as the author wrote it (the URL is used as
 * is), but a local file it names must exist: a missing one is a warning
 * with the line, like a missing Markdown image. Computed srcs are not checked.
 */
function checkJsxImages(tree: Root, file: VFile, context: FeatureContext): void {
  visit(tree, (node) => node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement", (node) => {
    const element = node as unknown as JsxImage;
    if (element.name !== "img") return;
    const src = element.attributes.find((attribute) => attribute.type === "mdxJsxAttribute" && attribute.name === "src")?.value;
    if (typeof src !== "string" || src === "" || isExternalUrl(src) || src.startsWith("data:") || src.startsWith("//")) return;
    const pathname = safeDecodeURIComponent(splitUrl(src).pathname);
    const line = element.position?.start.line;
    if (pathname.startsWith("/")) {
      const staticFile = context.siteDir ? path.join(context.siteDir, "static", pathname) : undefined;
      if (staticFile && !existsSync(staticFile)) context.warn({ file: context.file, line, message: `<img src="${src}"> is not in the static folder (${staticFile})` });
      return;
    }
    const target = path.resolve(path.dirname(file.path), pathname);
    if (!existsSync(target)) context.warn({ file: context.file, line, message: `<img src="${src}"> not found (looked for ${path.relative(process.cwd(), target)})` });
  });
}
