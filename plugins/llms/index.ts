import { absoluteUrl, markdownCopyPath } from "../../src/core/paths";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import path from "node:path";
import type { EmittedContents, EmittedPart, Plugin, PluginContext, RouteSummary } from "../../src/node/plugins/types";
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
  /** The page's text, which follows the heading and a blank line in the copy; for a page as it was, where its part of the last llms-full.txt lies instead. */
  text: string | { start: number; end: number };
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
  /** This build's record of its copies, written once llms-full.txt is. */
  let pendingRecord: { dir: string; pages: Record<string, RecordedCopy> } | undefined;

  return {
    name: "llms",
    id: "llms",
    emitFiles({ routes, factsOf, compileKeyOf, cacheDir, previousFiles, keep }) {
      const files: Record<string, EmittedContents> = {};
      // A copy the last output holds byte for byte stays there: a rebuild changes few of them, and
      // hashing one costs less than handing its text to the output writer (28 MB on 2,000 pages).
      const previous = keep && previousFiles ? previousFiles("") : undefined;
      // A page whose compile is the one the last build recorded has the copy it had, and its part
      // of the last llms-full.txt: on a rebuild the copies of unchanged pages stay unread.
      const record = cacheDir ? readCopyRecord(cacheDir, previous?.get(LLMS_FULL_FILE)) : undefined;
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
        if (known && key !== undefined && known.key === key && known.heading === heading && previous?.get(name) === known.file) {
          keep!(name);
          const text = { start: known.start, end: known.end };
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
      files[LLMS_FULL_FILE] = full.parts;
      // Recorded once the file is written and its hash known (outputFileWritten).
      pendingRecord = cacheDir ? { dir: cacheDir, pages: Object.fromEntries(full.placed) } : undefined;
      return files;
    },
    outputFileWritten({ file, outDir, hash }) {
      // Told of every file the build writes: the name's end first, the path only for a likely match.
      if (!pendingRecord || !file.endsWith(LLMS_FULL_FILE) || path.relative(outDir, file) !== LLMS_FULL_FILE) return;
      if (hash !== undefined) writeCopyRecord(pendingRecord.dir, { full: hash, pages: pendingRecord.pages });
      pendingRecord = undefined;
    },
    // Its outputFileWritten reads no file of the output.
    handlesPartialOutput: true,
  };
}

/** Between two pages' parts of llms-full.txt. */
const PAGE_BREAK = "\n\n---\n\n";

/**
 * llms-full.txt in parts, and where each page's part lies in it (for the next build's record). A
 * page as it was is its part of the last file, one range with its neighbours there: a rebuild's
 * file is a few ranges of the last one and the changed pages' texts, and never passes through the
 * build's memory (13 MB at 2,000 pages, which this machine takes 60-90 ms to fill afresh).
 */
function fullText(pages: readonly CopiedPage[], absolute: (route: string) => string): { parts: EmittedPart[]; placed: [string, RecordedCopy][] } {
  const parts: EmittedPart[] = [];
  const placed: [string, RecordedCopy][] = [];
  let length = 0;
  const add = (part: string) => {
    parts.push(part);
    length += Buffer.byteLength(part);
  };
  for (const page of pages) {
    const start = length + (parts.length > 0 ? PAGE_BREAK.length : 0);
    const last = parts.at(-1);
    if (typeof page.text !== "string") {
      const { start: from, end } = page.text;
      // Right after the page before it in the last file too (a page break between them there).
      if (last !== undefined && typeof last !== "string" && last.end + PAGE_BREAK.length === from) last.end = end;
      else {
        if (parts.length > 0) add(PAGE_BREAK);
        parts.push({ previousFile: LLMS_FULL_FILE, start: from, end });
      }
      length = start + (end - from);
    } else {
      if (parts.length > 0) add(PAGE_BREAK);
      add(`${page.heading}\n\nSource: ${absolute(page.route.path)}`);
      const text = page.text.trimEnd();
      if (text) add(`\n\n${text}`);
    }
    if (page.key !== undefined) placed.push([page.route.path, { key: page.key, heading: page.heading, file: page.fileHash, start, end: length, firstSentence: page.firstSentence }]);
  }
  add("\n");
  return { parts, placed };
}
