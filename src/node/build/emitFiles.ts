import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cacheDir, generatorFingerprint } from "../cache";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import type { PageFacts } from "../markdown/facts";
import type { EmitFilesArgs, EmittedContents, Plugin, RouteSummary, StoredFacts } from "../plugins/types";
import { contentsLength } from "../plugins/emittedParts";
import type { OutputWriter } from "./outputWriter";

/** One plugin's emitFiles result, with the files of the last output it kept (EmitFilesArgs.keep). */
export interface PluginOutput {
  plugin: string;
  files: Record<string, EmittedContents>;
  kept: string[];
}

/** Each plugin's files as it has them, in plugin order. */
export type PluginFiles = readonly Promise<PluginOutput>[];

/** Names the generator that filled a plugin's cache folder. */
const GENERATOR_STAMP = "generator";

/**
 * A plugin's cache folder, emptied first when another generator filled it: a plugin keys its
 * entries by its inputs alone, and its code may have changed since. Undefined when the folder
 * cannot be made (a read-only disk): the plugin works without one.
 */
export function pluginCacheDir(siteDir: string, plugin: Pick<Plugin, "id">): string | undefined {
  const dir = cacheDir(siteDir, path.join("plugins", encodeURIComponent(plugin.id)));
  const stamp = path.join(dir, GENERATOR_STAMP);
  try {
    if (readFileSync(stamp, "utf8") === generatorFingerprint()) return dir;
  } catch {
    // Not made yet.
  }
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(stamp, generatorFingerprint());
    return dir;
  } catch {
    return undefined;
  }
}

/** Tells each plugin that the build starts on its pages (buildStarting), with its cache folder. */
export function announceBuildStart(site: SiteData): void {
  for (const plugin of site.plugins) {
    plugin.buildStarting?.({
      routes: site.routes,
      get cacheDir() {
        return pluginCacheDir(site.siteDir, plugin);
      },
    });
  }
}

/**
 * Asks every plugin for its files now: they follow from the routes and the pages' compiles alone,
 * so a plugin that builds them on a thread of its own (the search index) does it while the pages
 * render. A failure is reported when writePluginFiles takes the files, not before.
 */
export function startPluginFiles(
  site: SiteData,
  factsOf: (route: RouteSummary) => PageFacts | undefined,
  compileKeyOf?: (route: RouteSummary) => string | undefined,
  previousFiles: (prefix: string) => ReadonlyMap<string, string> = () => new Map(),
  storedFactsOf?: (route: RouteSummary) => StoredFacts | undefined,
): PluginFiles {
  const argsFor = (plugin: Plugin, kept: string[]): EmitFilesArgs => ({
    siteConfig: site.config,
    routes: site.routes,
    factsOf,
    compileKeyOf,
    storedFactsOf,
    // Made when asked for: most plugins keep nothing.
    get cacheDir() {
      return pluginCacheDir(site.siteDir, plugin);
    },
    previousFiles,
    keep: (relative) => void kept.push(relative),
  });
  return site.plugins.flatMap((plugin) => {
    if (!plugin.emitFiles) return [];
    const kept: string[] = [];
    const output = Promise.resolve()
      .then(() => plugin.emitFiles!(argsFor(plugin, kept)))
      .then((files) => ({ plugin: plugin.name, files, kept }));
    // Held until writePluginFiles awaits it: a render that fails first must not leave it unhandled.
    output.catch(() => undefined);
    return [output];
  });
}

/**
 * Writes what every plugin's emitFiles returned, and keeps from the last output the files each
 * kept (`keep` says whether that output has the file); two plugins writing one file is an error
 * naming both. Each plugin's files are written as soon as it has them, the largest first: work on
 * a file once it is written (compressing llms-full.txt, 13 MB at 2,000 pages, which changes with
 * any page) then overlaps the wait for a plugin still at work (the search index's thread).
 */
export async function writePluginFiles(
  outDir: string,
  pluginFiles: PluginFiles,
  write: OutputWriter,
  /** Waits while the writer has enough queued (a 10,000-page search index is tens of thousands of files). */
  room: () => Promise<void> = async () => undefined,
  keep: (file: string) => boolean = () => false,
): Promise<void> {
  const writer = new Map<string, string>();
  const claim = (plugin: string, relative: string) => {
    const target = path.resolve(outDir, relative);
    if (!target.startsWith(outDir + path.sep)) throw new SiteError(`plugin ${plugin}: emitFiles returned "${relative}", which is outside the output folder`);
    const other = writer.get(relative);
    if (other) throw new SiteError(`plugins ${other} and ${plugin} both write "${relative}"`);
    writer.set(relative, plugin);
    return target;
  };
  const results = await Promise.allSettled(
    pluginFiles.map(async (output) => {
      const { plugin, files, kept } = await output;
      for (const relative of kept) {
        if (!keep(claim(plugin, relative))) throw new SiteError(`plugin ${plugin}: kept "${relative}", which the last output does not have (keep only files previousFiles lists)`);
      }
      const toWrite = Object.entries(files).map(([relative, contents]) => ({ target: claim(plugin, relative), contents, size: contentsLength(contents) }));
      for (const { target, contents } of toWrite.sort((a, b) => b.size - a.size)) {
        write(target, contents);
        await room();
      }
    }),
  );
  // The first failure in plugin order is the one reported, as when they ran one after another.
  for (const result of results) if (result.status === "rejected") throw result.reason;
}
