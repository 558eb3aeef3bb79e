import path from "node:path";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import type { PageFacts } from "../markdown/facts";
import type { RouteSummary } from "../plugins/types";
import type { OutputWriter } from "./outputWriter";

/** Writes what every plugin's emitFiles returns; two plugins writing one file is an error naming both. */
export async function emitPluginFiles(
  site: SiteData,
  outDir: string,
  factsOf: (route: RouteSummary) => PageFacts | undefined,
  write: OutputWriter,
  /** Waits while the writer has enough queued (a 10,000-page search index is tens of thousands of files). */
  room: () => Promise<void> = async () => undefined,
): Promise<void> {
  const writer = new Map<string, string>();
  for (const plugin of site.plugins) {
    if (!plugin.emitFiles) continue;
    const files = await plugin.emitFiles({ siteConfig: site.config, routes: site.routes, factsOf });
    for (const [relative, contents] of Object.entries(files)) {
      const target = path.resolve(outDir, relative);
      if (!target.startsWith(outDir + path.sep)) throw new SiteError(`plugin ${plugin.name}: emitFiles returned "${relative}", which is outside the output folder`);
      const other = writer.get(relative);
      if (other) throw new SiteError(`plugins ${other} and ${plugin.name} both write "${relative}"`);
      writer.set(relative, plugin.name);
      write(target, contents);
      await room();
    }
  }
}
