import { existsSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import type { VFile } from "vfile";
import { absoluteUrl, isExternalUrl, markdownCopyPath, safeDecodeURIComponent, splitUrl } from "../../core/paths";
import { firstSentence, plainBody, type UrlResolver } from "./plainMarkdown";
import { imageStandIn, type PlainCopy } from "./plainCopyImages";

export type { PlainCopy } from "./plainCopyImages";

export interface PlainCopyOptions {
  /** site.config.ts `url` and `baseUrl`: the copy is read away from the site, so every address is absolute. */
  siteUrl: string;
  baseUrl: string;
  /** The page's route. */
  route: string;
}

/**
 * Absolute addresses for a page's copy: a linked Markdown page's copy, the HTML page when a fragment
 * names one of its ids; an image beside the page (`pageFile`) a stand-in for its built file.
 */
export function copyUrls({ siteUrl, baseUrl, route }: PlainCopyOptions, pageFile?: string): UrlResolver {
  const absolute = (path: string) => absoluteUrl(siteUrl, baseUrl, path);
  return {
    link(target, toMarkdownPage) {
      if (isExternalUrl(target)) return target;
      if (target.startsWith("#")) return `${absolute(route)}${target}`;
      // remarkLinks made relative links routes where it could; what is left resolves as a browser would.
      if (!target.startsWith("/")) return new URL(target, absolute(route)).href;
      const { pathname, search, hash } = splitUrl(target);
      // A fragment names an id of the HTML page; the copy has none.
      if (toMarkdownPage && hash === "" && search === "") return absolute(markdownCopyPath(pathname));
      return `${absolute(pathname)}${search}${hash}`;
    },
    image(source) {
      if (isExternalUrl(source)) return source;
      if (source.startsWith("@site/static/")) return absolute(source.slice("@site/static".length));
      if (source.startsWith("/")) return absolute(source);
      // A relative image is bundled under a hashed name only the bundler knows: a stand-in until it does.
      if (!pageFile || source.startsWith("@") || source.startsWith("data:")) return undefined;
      const file = path.resolve(path.dirname(pageFile), safeDecodeURIComponent(splitUrl(source).pathname));
      // A missing image is reported by the page's compile (images.ts); its copy shows the alt text.
      return existsSync(file) ? imageStandIn(file) : undefined;
    },
  };
}

/**
 * Records the page as plain Markdown in `file.data.plainCopy`: runs right after the
 * syntax steps (links already routes), before any feature turns the tree into
 * components, and leaves the tree as it is.
 */
export function remarkPlainCopy(options: PlainCopyOptions) {
  return (tree: Root, file: VFile) => {
    const copy: PlainCopy = { markdown: plainBody(tree, copyUrls(options, file.path), String(file.value)), firstSentence: firstSentence(tree) };
    file.data.plainCopy = copy;
  };
}
