import path from "node:path";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import type { PageFacts } from "../markdown/facts";
import type { RouteSummary } from "../plugins/types";
import type { OutputWriter } from "./outputWriter";

/** Each plugin's emitFiles result, in plugin order. */
export type PluginFiles = { plugin: string; files: Record<string, string | Uint8Array> }[];

/**
 * Asks every plugin for its files. They need only the compiled pages, so the build asks before it
 * renders: a plugin that does its work off the main thread (search) works meanwhile. A failure is
 * reported where the result is awaited, never as an unhandled rejection before that.
 */
export function collectPluginFiles(site: SiteData, factsOf: (route: RouteSummary) => PageFacts | undefined): Promise<PluginFiles> {
  const results = Promise.all(
    site.plugins.flatMap((plugin) => (plugin.emitFiles ? [Promise.resolve().then(async () => ({ plugin: plugin.name, files: await plugin.emitFiles!({ siteConfig: site.config, routes: site.routes, factsOf }) }))] : [])),
  );
  results.catch(() => undefined);
  return results;
}

/** Writes what the plugins returned; two plugins writing one file is an error naming both. */
export function writePluginFiles(results: PluginFiles, outDir: string, write: OutputWriter): void {
  const writer = new Map<string, string>();
  for (const { plugin, files } of results) {
    for (const [relative, contents] of Object.entries(files)) {
      const target = path.resolve(outDir, relative);
      if (!target.startsWith(outDir + path.sep)) throw new SiteError(`plugin ${plugin}: emitFiles returned "${relative}", which is outside the output folder`);
      const other = writer.get(relative);
      if (other) throw new SiteError(`plugins ${other} and ${plugin} both write "${relative}"`);
      writer.set(relative, plugin);
      write(target, contents);
    }
  }
}
