import { absoluteUrl, markdownCopyPath } from "../../src/core/paths";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import type { EmittedContents, Plugin, PluginContext, RouteSummary } from "../../src/node/plugins/types";
import { readCopyRecord, writeCopyRecord, type RecordedCopy } from "./copyRecord";
import { docsSections } from "./pageOrder";

export const LLMS_INDEX_FILE = "llms.txt";
export const LLMS_FULL_FILE = "llms-full.txt";

/** A page llms.txt may list, with its Markdown copy. */
interface CopiedPage {
  route: RouteSummary;
  title: string;
  summary: string;
  /** The copy's first line: the title as its one H1. */
  heading: string;
  /** The page's text, which follows the heading and a blank line in the copy: as the copy has it, or its bytes (trimmed) in the last llms-full.txt. */
  text: string | Uint8Array;
  /** Its compile's key and first sentence, for the record of this build's copies. */
  key?: string;
  firstSentence: string;
  /** The hash of the page's own Markdown file. */
  fileHash: string;
}

const isListedPost = (route: RouteSummary) => route.page?.layout === "blogPost" && !route.page.noindex;
/** Link text and one-line summaries stay one line and cannot close the link early. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").replace(/[[\]]/g, "\\$&").trim();

/**
 * llms.txt, llms-full.txt and a plain-Markdown copy of every Markdown page
 * (docs, blog posts, Markdown pages) at its route plus ".md", for language
 * models and tools that read a site as text (https://llmstxt.org). The copies
 * come from each page's compile (facts.plainCopy, see src/node/markdown/plainCopy.ts).
 */
export function llmsPlugin(context: PluginContext): Plugin {
  const { url, baseUrl, title, tagline } = context.siteConfig;
  const absolute = (route: string) => absoluteUrl(url, baseUrl, route);

  return {
    name: "llms",
    id: "llms",
    emitFiles({ routes, factsOf, compileKeyOf, cacheDir, previousFiles, readPreviousFile, keep }) {
      const files: Record<string, EmittedContents> = {};
      // A copy the last output holds byte for byte stays there: a rebuild changes few of them, and
      // hashing one costs less than handing its text to the output writer (28 MB on 2,000 pages).
      const previous = keep && previousFiles ? previousFiles("") : undefined;
      // A page whose compile is the one the last build recorded has the copy it had, whose text
      // is in the last llms-full.txt: on a rebuild the copies of unchanged pages stay unread.
      let record = cacheDir ? readCopyRecord(cacheDir, previous?.get(LLMS_FULL_FILE)) : undefined;
      const lastFull = record && readPreviousFile?.(LLMS_FULL_FILE);
      if (!lastFull) record = undefined;
      const pages = new Map<RouteSummary, CopiedPage>();
      for (const route of routes) {
        const facts = factsOf(route);
        if (!facts) continue;
        const pageTitle = route.doc?.title ?? route.page?.title ?? facts.contentTitle ?? route.path;
        const heading = `# ${pageTitle.replace(/\s+/g, " ").trim()}`;
        const name = markdownCopyPath(route.path).slice(1);
        const description = route.doc?.description || route.page?.description;
        const key = compileKeyOf?.(route);
        const known = record?.pages[route.path];
        if (known && lastFull && key !== undefined && known.key === key && known.heading === heading && previous?.get(name) === known.file && known.end <= lastFull.length) {
          keep!(name);
          const text = lastFull.subarray(known.start, known.end);
          pages.set(route, { route, title: pageTitle, summary: description || known.firstSentence, heading, text, key, firstSentence: known.firstSentence, fileHash: known.file });
          continue;
        }
        const copy = facts.plainCopy;
        if (!copy) continue;
        const text = `${heading}\n\n${copy.markdown}`;
        const fileHash = outputContentHash(text);
        if (previous?.get(name) === fileHash) keep!(name);
        else files[name] = text;
        pages.set(route, { route, title: pageTitle, summary: description || copy.firstSentence, heading, text: copy.markdown, key, firstSentence: copy.firstSentence, fileHash });
      }

      const sections = docsSections(routes).map((section) => ({ label: section.label, pages: section.routes.flatMap((route) => pages.get(route) ?? []) }));
      const posts = [...pages.values()].filter((page) => isListedPost(page.route));
      const entry = (page: CopiedPage) => `- [${oneLine(page.title)}](${absolute(markdownCopyPath(page.route.path))})${page.summary ? `: ${oneLine(page.summary)}` : ""}`;
      const index = [
        `# ${title}`,
        ...(tagline ? [`> ${oneLine(tagline)}`] : []),
        `Each link below is a page of this site as plain Markdown; ${absolute(`/${LLMS_FULL_FILE}`)} holds them all in one file.`,
        ...sections.filter((section) => section.pages.length > 0).map((section) => [`## ${oneLine(section.label)}`, ...section.pages.map(entry)].join("\n")),
        ...(posts.length > 0 ? [["## Optional", ...posts.map(entry)].join("\n")] : []),
      ];
      files[LLMS_INDEX_FILE] = `${index.join("\n\n")}\n`;

      // The same pages in the same order; each copy opens with its title, its address follows.
      const full = fullText([...sections.flatMap((section) => section.pages), ...posts], absolute);
      files[LLMS_FULL_FILE] = full.bytes;
      if (cacheDir) writeCopyRecord(cacheDir, { full: outputContentHash(full.bytes), pages: Object.fromEntries(full.placed) });
      return files;
    },
  };
}

/**
 * llms-full.txt as bytes, and where each page's text lies in them (for the next build's record).
 * Put together once, each page's text as it is (trimmed on its own) or as the last file had it:
 * the whole is 13 MB at 2,000 pages, and each copy of it cost the build fresh memory to fill.
 */
function fullText(pages: readonly CopiedPage[], absolute: (route: string) => string): { bytes: Buffer; placed: [string, RecordedCopy][] } {
  const parts: (string | Uint8Array)[] = [];
  const placed: [string, RecordedCopy][] = [];
  let length = 0;
  const add = (part: string | Uint8Array) => {
    parts.push(part);
    length += typeof part === "string" ? Buffer.byteLength(part) : part.length;
  };
  for (const page of pages) {
    if (parts.length > 0) add("\n\n---\n\n");
    add(`${page.heading}\n\nSource: ${absolute(page.route.path)}`);
    const text = typeof page.text === "string" ? page.text.trimEnd() : page.text;
    if (text.length > 0) add("\n\n");
    const start = length;
    if (text.length > 0) add(text);
    if (page.key !== undefined) placed.push([page.route.path, { key: page.key, heading: page.heading, file: page.fileHash, start, end: length, firstSentence: page.firstSentence }]);
  }
  add("\n");
  const bytes = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (const part of parts) {
    if (typeof part === "string") offset += bytes.write(part, offset);
    else {
      bytes.set(part, offset);
      offset += part.length;
    }
  }
  return { bytes, placed };
}
