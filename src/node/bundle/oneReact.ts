import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { GENERATOR_DIR } from "../generatorDir";

const REACT_PACKAGES = /^(react|react-dom)(\/|$)/;
/** A module of the generator's, the importer React is resolved for. */
const GENERATOR_IMPORTER = path.join(GENERATOR_DIR, "src/client/entry.tsx");
const generatorRequire = createRequire(GENERATOR_IMPORTER);

/**
 * One React, the generator's, for every module: the theme's and the site's own (its MDX pages'
 * `react/jsx-runtime`, its components). A Docusaurus site may have React 18 installed beside it, and
 * an element one React made cannot be rendered by another (React error #525 when the page hydrated).
 * In the server bundle React stays outside, imported by file URL: resolved by name when it renders,
 * it would come from the site's folder. The dev server's SSR resolves packages without asking
 * plugins, so there a site with React 18 still renders its MDX with two Reacts (README: known problem).
 */
export function oneReactPlugin(): Plugin {
  return {
    name: "graphile-docs:one-react",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!REACT_PACKAGES.test(source)) return undefined;
      if (options.ssr) return { id: pathToFileURL(generatorRequire.resolve(source)).href, external: true };
      if (!importer || importer === GENERATOR_IMPORTER) return undefined;
      return this.resolve(source, GENERATOR_IMPORTER, { ...options, skipSelf: true });
    },
  };
}
