import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { GENERATOR_DIR } from "../generatorDir";

/** React's packages and their subpaths, as modules import them. */
export const REACT_PACKAGES = /^(react|react-dom)(\/|$)/;
/** A module of the generator's, the importer React is resolved for. */
const GENERATOR_IMPORTER = path.join(GENERATOR_DIR, "src/client/entry.tsx");
const generatorRequire = createRequire(GENERATOR_IMPORTER);

/** Answers by specifier: the server bundle asks for `react` at each of its hundreds of imports, each a walk of node_modules. */
const reactUrls = new Map<string, string>();
function generatorReactUrl(specifier: string): string {
  let url = reactUrls.get(specifier);
  if (url === undefined) reactUrls.set(specifier, (url = pathToFileURL(generatorRequire.resolve(specifier)).href));
  return url;
}

/**
 * The dev server's SSR settings that give every module the generator's React. Vite's module
 * runner imports a package left outside by its name and keeps it under that name: the first module
 * to import `react` (a Docusaurus site's own MDXComponents) decided for all, and a site with React 18
 * installed rendered with two Reacts. Not left outside, React is resolved by the plugin below to the
 * generator's copy by file URL, which the runner imports as it would a Node built-in.
 */
export function oneReactDevSsr(): { noExternal: RegExp[]; builtins: (string | RegExp)[] } {
  const reactFolder = (name: string) => pathToFileURL(path.dirname(generatorRequire.resolve(`${name}/package.json`))).href;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    noExternal: [REACT_PACKAGES],
    builtins: [...builtinModules, /^node:/, new RegExp(`^(${["react", "react-dom"].map((name) => escape(reactFolder(name))).join("|")})/`)],
  };
}

/**
 * One React, the generator's, for every module: the theme's and the site's own (its MDX pages'
 * `react/jsx-runtime`, its components). A Docusaurus site may have React 18 installed beside it, and
 * an element one React made cannot be rendered by another (React error #525 when the page hydrated).
 * In the server bundle React stays outside, imported by file URL: resolved by name when it renders,
 * it would come from the site's folder. The dev server's SSR needs oneReactDevSsr's settings too.
 */
export function oneReactPlugin(): Plugin {
  return {
    name: "graphile-docs:one-react",
    enforce: "pre",
    configResolved(config) {
      if (config.command !== "serve") return;
      // @vitejs/plugin-react asks the dev server to pre-bundle React by name, which Vite resolves from
      // the site's folder without asking plugins (a site's React 18). Found by the dependency scan
      // instead, React is resolved here, and the pre-bundled copy is the generator's.
      for (const options of [config.optimizeDeps, ...Object.values(config.environments).map((environment) => environment.optimizeDeps)]) {
        const writable = options as { include?: string[] };
        if (writable.include) writable.include = writable.include.filter((id) => !REACT_PACKAGES.test(id));
      }
    },
    resolveId: {
      filter: { id: REACT_PACKAGES },
      async handler(source, importer, options) {
        if (options.ssr) return { id: generatorReactUrl(source), external: true };
        if (!importer || importer === GENERATOR_IMPORTER) return undefined;
        return this.resolve(source, GENERATOR_IMPORTER, { ...options, skipSelf: true });
      },
    },
  };
}
