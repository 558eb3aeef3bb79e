import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * What the build does with a page's plain-Markdown copy once the bundle has named its images.
 * Kept out of plainCopy.ts (which makes the copies during the compile) so that the build's own
 * thread loads none of the Markdown toolchain for it.
 */

/** The page as plain Markdown, for readers that are programs (the llms plugin writes it at its route plus ".md"). */
export interface PlainCopy {
  /** The text without the page's own H1; links and static images absolute. */
  markdown: string;
  /** The first sentence of its first paragraph, on one line. */
  firstSentence: string;
}

/**
 * Where a bundled image goes in the copy until the bundle names its file (see withImageUrls): the
 * image's path, base64url-encoded so no character of it can end the Markdown image early.
 */
const IMAGE_STAND_IN = "graphile-docs-image:";
const IMAGE_STAND_INS = new RegExp(`${IMAGE_STAND_IN}([A-Za-z0-9_-]+)`, "g");

/** The stand-in the copy carries for the image at `file`. */
export const imageStandIn = (file: string) => `${IMAGE_STAND_IN}${Buffer.from(file).toString("base64url")}`;

/** Whether the copy shows a bundled image, whose address withImageUrls puts in. */
export const hasImageStandIns = (copy: PlainCopy) => copy.markdown.includes(IMAGE_STAND_IN);

/**
 * Facts whose plain copy is known to show no bundled image without reading it: a stored page's
 * copy is read from its cache entry only when used (bundle/storedPage.ts), and a rebuild uses few.
 */
const copiesWithoutImages = new WeakSet<object>();
export const markCopyWithoutImages = (facts: object) => void copiesWithoutImages.add(facts);
export const isCopyWithoutImages = (facts: object) => copiesWithoutImages.has(facts);

/**
 * The copy with each bundled image's stand-in replaced by `urlOf(file)`: the address of the file
 * the HTML page shows (the build's hashed asset), or `inlineImageUrl` where there is none.
 */
export function withImageUrls(copy: PlainCopy, urlOf: (file: string) => string): PlainCopy {
  if (!hasImageStandIns(copy)) return copy;
  return { ...copy, markdown: copy.markdown.replace(IMAGE_STAND_INS, (_, encoded: string) => urlOf(Buffer.from(encoded, "base64url").toString())) };
}

/** The image itself as a data: URL, as the page has it when the bundler inlines a small image (and in dev, where nothing is bundled). */
export function inlineImageUrl(file: string): string {
  // Required when first needed: building its tables costs every compile thread 40 ms at start.
  const mime = createRequire(import.meta.url)("mime-types") as typeof import("mime-types");
  return `data:${mime.lookup(file) || "application/octet-stream"};base64,${readFileSync(file).toString("base64")}`;
}
