import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Root } from "mdast";
import type { VFile } from "vfile";
import { absoluteUrl, isExternalUrl, markdownCopyPath, safeDecodeURIComponent, splitUrl } from "../../core/paths";
import { firstSentence, plainBody, type UrlResolver } from "./plainMarkdown";

/** The page as plain Markdown, for readers that are programs (the llms plugin writes it at its route plus ".md"). */
export interface PlainCopy {
  /** The text without the page's own H1; links and static images absolute. */
  markdown: string;
  /** The first sentence of its first paragraph, on one line. */
  firstSentence: string;
}

export interface PlainCopyOptions {
  /** site.config.ts `url` and `baseUrl`: the copy is read away from the site, so every address is absolute. */
  siteUrl: string;
  baseUrl: string;
  /** The page's route. */
  route: string;
}

/**
 * Where a bundled image goes in the copy until the bundle names its file (see withImageUrls): the
 * image's path, base64url-encoded so no character of it can end the Markdown image early.
 */
const IMAGE_STAND_IN = "graphile-docs-image:";
const IMAGE_STAND_INS = new RegExp(`${IMAGE_STAND_IN}([A-Za-z0-9_-]+)`, "g");

/**
 * The copy with each bundled image's stand-in replaced by `urlOf(file)`: the address of the file
 * the HTML page shows (the build's hashed asset), or `inlineImageUrl` where there is none.
 */
export function withImageUrls(copy: PlainCopy, urlOf: (file: string) => string): PlainCopy {
  if (!copy.markdown.includes(IMAGE_STAND_IN)) return copy;
  return { ...copy, markdown: copy.markdown.replace(IMAGE_STAND_INS, (_, encoded: string) => urlOf(Buffer.from(encoded, "base64url").toString())) };
}

/** The image itself as a data: URL, as the page has it when the bundler inlines a small image (and in dev, where nothing is bundled). */
export function inlineImageUrl(file: string): string {
  // Required when first needed: building its tables costs every compile thread 40 ms at start.
  const mime = createRequire(import.meta.url)("mime-types") as typeof import("mime-types");
  return `data:${mime.lookup(file) || "application/octet-stream"};base64,${readFileSync(file).toString("base64")}`;
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
      return existsSync(file) ? `${IMAGE_STAND_IN}${Buffer.from(file).toString("base64url")}` : undefined;
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
    const copy: PlainCopy = { markdown: plainBody(tree, copyUrls(options, file.path)), firstSentence: firstSentence(tree) };
    file.data.plainCopy = copy;
  };
}
