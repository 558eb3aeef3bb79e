import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { GENERATOR_DIR } from "../generatorDir";
import type { SiteData } from "../loadSite";
import { exactId } from "./hookFilters";
import { PGLITE_FILE_URL_IMPORT, pgliteFileImports, PGLITE_MODULE, pgliteFileOfUrlImport, placedFileName, placeFiles, type PlacedFiles } from "./pgliteFiles";
import { playgroundDatabase } from "./playgroundDatabase";

const PLAYGROUND_MODULE = "virtual:graphile-docs/playground";
const RESOLVED_PLAYGROUND_MODULE = `\0${PLAYGROUND_MODULE}`;
/** The virtual module's id as a hook filter. */
const LOADED_PLAYGROUND_MODULE = exactId(RESOLVED_PLAYGROUND_MODULE);

/** Node built-ins the playground's packages import, and the small browser stand-ins for them. */
const NODE_SHIMS: Record<string, string> = {
  assert: "src/playground/shims/assert.ts",
  util: "src/playground/shims/util.ts",
  module: "src/playground/shims/module.ts",
};

/** The built-ins with a stand-in, as the resolveId hook's filter (with the playground's own module). */
const SHIMMED_BUILTIN = new RegExp(`^(node:)?(${Object.keys(NODE_SHIMS).join("|")})$`);

/** The stand-in file for a Node built-in the packages import (`util`, `node:util` …), if we have one. */
function nodeShim(id: string): string | undefined {
  const shim = NODE_SHIMS[id.replace(/^node:/, "")];
  return shim && path.join(GENERATOR_DIR, shim);
}

/**
 * The worker's packages as lazy imports, and its database's URL. A build names the file the
 * build places in its output (the bundle does not wait for PGlite); the dev server serves the
 * cached file once made.
 */
async function playgroundModule(site: SiteData, dev: boolean): Promise<string> {
  const packages = site.config.playground?.packages ?? [];
  const lines = [`export const packages = {`, ...packages.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(name)}),`), `};`];
  const database = playgroundDatabase(site);
  if (!database) lines.push(`export const dataDirUrl = null;`);
  else if (dev) lines.push(`export { default as dataDirUrl } from ${JSON.stringify(`${await database.file}?url`)};`);
  else lines.push(`export const dataDirUrl = ${JSON.stringify(`${site.config.baseUrl}${database.fileName}`)};`);
  return lines.join("\n");
}

/** PGlite finds its .wasm and .data files beside its own module: Vite's dependency pre-bundling would move it away from them. */
const PGLITE = "@electric-sql/pglite";

/**
 * Tells the dev server's dependency optimizer about the worker's packages before it bundles a
 * page's dependencies. Found only when the worker first imports them, these CommonJS packages
 * make the optimizer rebuild its shared chunks, and Vite reloads the page, losing the playground
 * the reader had just opened.
 */
function preBundleWorkerPackages(server: ViteDevServer, site: SiteData): void {
  const optimizer = server.environments.client.depsOptimizer;
  const require = createRequire(path.join(site.siteDir, "package.json"));
  for (const name of site.config.playground?.packages ?? []) optimizer?.registerMissingImport(name, require.resolve(name));
}

/**
 * The playground worker's packages (site.config.ts `playground`) as a module of
 * lazy imports, and browser stand-ins for the Node built-ins they use. Only a
 * page with a runnable example imports the playground, so a site without one
 * never builds any of it.
 */
export function playgroundPlugin(getSite: () => SiteData, dev: boolean, placed: PlacedFiles = new Map()): Plugin {
  let devServer: ViteDevServer | undefined;
  let base = "/";
  return {
    name: "graphile-docs:playground",
    // Before Vite's own resolver, which would replace the built-ins with modules that throw.
    enforce: "pre",
    config: () => ({
      optimizeDeps: {
        exclude: [PGLITE],
        // The dev server pre-bundles the packages without this plugin: give that bundle the same stand-ins.
        rolldownOptions: { plugins: [{ name: "graphile-docs:playground-shims", resolveId: { filter: { id: SHIMMED_BUILTIN }, handler: (id: string) => nodeShim(id) } }] },
      },
    }),
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      devServer = server;
    },
    transform: dev
      ? (_code, _id, options) => {
          // The first module a browser asks for: the optimizer has started and waits for this page's imports.
          if (!devServer || options?.ssr) return;
          let site: SiteData;
          try {
            site = getSite();
          } catch {
            // The site has a content error (Vite's own client must still load, so the error page reloads
            // on the fix): the first module asked for once it loads registers the packages.
            return;
          }
          preBundleWorkerPackages(devServer, site);
          devServer = undefined;
        }
      : {
          // Filtered: a hook every module goes through costs a build a call into JavaScript per module.
          filter: { id: PGLITE_MODULE },
          handler(code) {
            const rewritten = pgliteFileImports(code);
            return rewritten === undefined ? undefined : { code: rewritten, map: null };
          },
        },
    resolveId: {
      filter: { id: [exactId(PLAYGROUND_MODULE), SHIMMED_BUILTIN] },
      handler(id, _importer, options) {
        if (id === PLAYGROUND_MODULE) return RESOLVED_PLAYGROUND_MODULE;
        return options?.ssr ? undefined : nodeShim(id);
      },
    },
    load: {
      filter: { id: [LOADED_PLAYGROUND_MODULE, PGLITE_FILE_URL_IMPORT] },
      handler(id) {
        if (id === RESOLVED_PLAYGROUND_MODULE) return playgroundModule(getSite(), dev);
        // A build with an absolute base places PGlite's files itself (pgliteFiles.ts); Vite's asset plugin takes any other.
        const file = !dev && base.startsWith("/") ? pgliteFileOfUrlImport(id) : undefined;
        if (file === undefined) return undefined;
        let name = placed.get(file);
        if (name === undefined) placed.set(file, (name = placedFileName(file)));
        return `export default ${JSON.stringify(base + name)};`;
      },
    },
    writeBundle(options) {
      if (options.dir) placeFiles(placed, options.dir);
    },
  };
}
