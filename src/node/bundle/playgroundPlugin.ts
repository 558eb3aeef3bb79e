import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { GENERATOR_DIR } from "../generatorDir";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import { playgroundDataDir } from "./playgroundDatabase";

const PLAYGROUND_MODULE = "virtual:graphile-docs/playground";
const RESOLVED_PLAYGROUND_MODULE = `\0${PLAYGROUND_MODULE}`;

/** Node built-ins the playground's packages import, and the small browser stand-ins for them. */
const NODE_SHIMS: Record<string, string> = {
  assert: "src/playground/shims/assert.ts",
  util: "src/playground/shims/util.ts",
  module: "src/playground/shims/module.ts",
};

async function playgroundModule(site: SiteData): Promise<string> {
  const playground = site.config.playground;
  const packages = playground?.packages ?? [];
  const lines = [`export const packages = {`, ...packages.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(name)}),`), `};`];
  if (playground?.setupSql) {
    const file = path.resolve(site.siteDir, playground.setupSql);
    if (!existsSync(file)) throw new SiteError(`site.config.ts: playground.setupSql names "${playground.setupSql}", but there is no file at ${file}; give a path to an SQL file, relative to the site folder`);
    lines.push(`export { default as dataDirUrl } from ${JSON.stringify(`${await playgroundDataDir(site.siteDir, file)}?url`)};`);
  } else {
    lines.push(`export const dataDirUrl = null;`);
  }
  return lines.join("\n");
}

/**
 * The playground worker's packages (site.config.ts `playground`) as a module of
 * lazy imports, and browser stand-ins for the Node built-ins they use. Only a
 * page with a runnable example imports the playground, so a site without one
 * never builds any of it.
 */
export function playgroundPlugin(getSite: () => SiteData): Plugin {
  return {
    name: "graphile-docs:playground",
    // Before Vite's own resolver, which would replace the built-ins with modules that throw.
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (id === PLAYGROUND_MODULE) return RESOLVED_PLAYGROUND_MODULE;
      const shim = NODE_SHIMS[id.replace(/^node:/, "")];
      if (shim && !options?.ssr) return path.join(GENERATOR_DIR, shim);
      return undefined;
    },
    load(id) {
      return id === RESOLVED_PLAYGROUND_MODULE ? playgroundModule(getSite()) : undefined;
    },
  };
}
