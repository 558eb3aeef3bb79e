import { createHash } from "node:crypto";
import path from "node:path";
import { absoluteUrl } from "../../core/paths";
import { copyFacts, type PageFacts } from "../markdown/facts";
import { inlineImageUrl, isCopyWithoutImages, withImageUrls } from "../markdown/plainCopyImages";
import type { SiteData } from "../loadSite";
import type { ViteManifest } from "./viteManifest";

/**
 * A page's facts as plugins get them after the bundle: its plain-Markdown copy shows each image
 * beside the page at the address of the file the build wrote for it (the HTML page's own hashed
 * asset), or as a data: URL where the bundler inlined a small image into the page. Its compile's
 * key as plugins get it (EmitFilesArgs.compileKeyOf) stands for those addresses too: an edited
 * image changes them and not the compile.
 */
export function withBuiltImages(site: SiteData, clientManifest: ViteManifest): { facts(facts: PageFacts | undefined): PageFacts | undefined; key(key: string | undefined, facts: PageFacts | undefined): string | undefined } {
  const urlOf = (file: string) => {
    const built = clientManifest[path.relative(site.siteDir, file).split(path.sep).join("/")];
    return built ? absoluteUrl(site.config.url, site.config.baseUrl, `/${built.file}`) : inlineImageUrl(file);
  };
  const builtFacts = (facts: PageFacts | undefined) => {
    // A stored page known to show none: its copy stays unread until a plugin uses it.
    if (!facts || isCopyWithoutImages(facts)) return facts;
    const plainCopy = facts.plainCopy && withImageUrls(facts.plainCopy, urlOf);
    // Most pages show no image: their facts are handed on as they are (copying 2,000 pages' took 38 ms).
    return plainCopy && plainCopy !== facts.plainCopy ? copyFacts(facts, { plainCopy }) : facts;
  };
  return {
    facts: builtFacts,
    key(key, facts) {
      if (key === undefined) return undefined;
      const built = builtFacts(facts);
      return built && built !== facts ? createHash("sha256").update(key).update(built.plainCopy!.markdown).digest("hex") : key;
    },
  };
}
