import path from "node:path";
import { safeDecodeURIComponent } from "../../core/paths";

/**
 * Where a word of a Markdown source may end in a Markdown file's extension (what a link to a doc
 * ends in), generously: in code, in prose, encoded, in `<angle brackets>` with spaces. Taking too
 * many costs at most a compile; missing one would keep a stale link. Found from the extension back
 * to the word's start: a pattern matching the whole word tried every letter of the page as a start
 * (0.5 s of a 2,000-page build's main thread).
 */
const MARKDOWN_EXTENSION = /\.mdx?(?![\w-])/gi;
/** What ends a word that may be a file name (a link's brackets, quotes, slashes, white space). */
const WORD_BOUNDARY = /[\s/\\()<>[\]"'`|]/;

/** The words of a source that end in a Markdown extension (what linkedRoutes follows from besides the routes). */
export function markdownNames(source: string): string[] {
  const words: string[] = [];
  for (const match of source.matchAll(MARKDOWN_EXTENSION)) {
    let start = match.index;
    while (start > 0 && !WORD_BOUNDARY.test(source[start - 1])) start--;
    if (start < match.index) words.push(source.slice(start, match.index + match[0].length));
  }
  return words;
}

/** The part of a file name a word can end with: after its last space (a name with spaces is cut there). */
const nameKey = (name: string) => (name.split(/\s/).pop() ?? name).toLowerCase();

const byName = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

function routesByName(routeOfSource: ReadonlyMap<string, string>): Map<string, string[]> {
  let names = byName.get(routeOfSource);
  if (!names) {
    names = new Map();
    for (const [file, route] of routeOfSource) {
      const key = nameKey(path.basename(file));
      names.set(key, [...(names.get(key) ?? []), `${file}\t${route}`]);
    }
    byName.set(routeOfSource, names);
  }
  return names;
}

/**
 * What a page's compile can take from the site's routes, as text: its own route and the route of
 * every page whose file name its source mentions. A compile resolves `[text](other.md)` links
 * through the routes; keyed on all of them, adding one page made every page compile again (a
 * 2,000-page rebuild as slow as a cold one). A page that starts or stops being a route changes
 * the text of every source that mentions its name.
 */
export function linkedRoutes(file: string, source: string, routeOfSource: ReadonlyMap<string, string>): string {
  return routesOfNames(file, markdownNames(source), routeOfSource);
}

/** linkedRoutes from the source's markdownNames, which a build may know without reading the source. */
export function routesOfNames(file: string, words: readonly string[], routeOfSource: ReadonlyMap<string, string>): string {
  const names = routesByName(routeOfSource);
  const found = new Set<string>();
  for (const word of words) {
    for (const entry of names.get(nameKey(path.basename(safeDecodeURIComponent(word)))) ?? []) found.add(entry);
  }
  return [routeOfSource.get(file) ?? "", ...[...found].sort()].join("\n");
}
