import type { Plugin } from "../../src/node/plugins/types";
import { buildSearchIndex } from "./buildIndex";

/**
 * The local search index: every docs page's sections, as its Markdown compile
 * collected them, written as sharded index files the search modal and the
 * /search page read. The build writes them; the dev server serves them.
 */
export function searchPlugin(): Plugin {
  return {
    name: "search",
    id: "search",
    emitFiles({ routes, factsOf }) {
      const pages = routes.flatMap((route) => {
        if (!route.doc) return [];
        const facts = factsOf(route);
        // A React page with docs chrome (a generated index) has no Markdown text to index.
        if (!facts && !/\.mdx?$/.test(route.component)) return [];
        if (!facts) throw new Error(`search: ${route.component} (route ${route.path}) was never compiled, so it has no search sections`);
        return [{ url: route.path, pluginId: route.pluginId, sectionLabel: route.sectionLabel, pageTitle: route.doc.title, sections: facts.searchSections, version: route.section }];
      });
      return Object.fromEntries(buildSearchIndex(pages));
    },
  };
}
