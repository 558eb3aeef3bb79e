import { SEARCH_INDEX_DIR } from "../../src/core/search/constants";
import type { Plugin, RouteSummary } from "../../src/node/plugins/types";
import { searchIndexFiles, startSearchThread, wantsSearchThread, type SearchThread } from "./indexThread";

/** Docs pages and blog posts, by title; an unlisted post (noindex) stays out, as it stays out of lists and feeds. */
function indexedTitle(route: RouteSummary): string | undefined {
  const post = route.page?.layout === "blogPost" && !route.page.noindex ? route.page : undefined;
  return route.doc?.title ?? post?.title;
}

/**
 * The local search index: every docs page's and blog post's sections, as its Markdown compile
 * collected them, written as sharded index files the search modal and the
 * /search page read. The build writes them; the dev server serves them.
 */
export function searchPlugin(): Plugin {
  // The last build's storing of counted words, awaited before the build ends.
  let storing: Promise<void> | undefined;
  // The index thread a build started before its pages compiled.
  let started: SearchThread | undefined;
  return {
    name: "search",
    id: "search",
    buildStarting(args) {
      if (wantsSearchThread(args.routes.filter((route) => indexedTitle(route) !== undefined).length)) started = startSearchThread(args.cacheDir);
    },
    async emitFiles({ routes, factsOf, compileKeyOf, storedFactsOf, cacheDir, previousFiles, keep }) {
      const thread = started;
      started = undefined;
      const indexed = routes.filter((route) => indexedTitle(route) !== undefined);
      // A thread is sent where each compiled page's facts are stored, not its sections: it reads
      // only those of the pages whose files it makes (cloning 2,000 pages' sections there took 0.3 s).
      const byStore = wantsSearchThread(indexed.length);
      const pages = indexed.flatMap((route) => {
        const title = indexedTitle(route);
        if (title === undefined) return [];
        const facts = factsOf(route);
        // A React page with docs chrome (a generated index) has no Markdown text to index.
        if (!facts && !/\.mdx?$/.test(route.component)) return [];
        if (!facts) {
          thread?.discard();
          throw new Error(`search: ${route.component} (route ${route.path}) was never compiled, so it has no search sections`);
        }
        const compileKey = compileKeyOf?.(route);
        const stored = byStore && compileKey !== undefined ? storedFactsOf?.(route) : undefined;
        const page = { url: route.path, pluginId: route.pluginId, sectionLabel: route.sectionLabel, pageTitle: title, version: route.section, compileKey };
        return [stored ? { ...page, stored } : { ...page, sections: facts.searchSections }];
      });
      // Most of a rebuild's index files are the last output's, byte for byte: the build keeps those.
      const previous = keep && previousFiles ? previousFiles(`${SEARCH_INDEX_DIR}/`) : undefined;
      const { output, stored } = searchIndexFiles(pages, cacheDir, thread, previous);
      storing = stored;
      const { files, kept } = await output;
      for (const name of kept) keep!(name);
      return Object.fromEntries(files);
    },
    // Its postBuild reads no output file.
    handlesPartialOutput: true,
    async postBuild() {
      await storing;
      storing = undefined;
    },
  };
}
