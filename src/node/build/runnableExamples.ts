import { createHash } from "node:crypto";
import path from "node:path";
import type { RunnableExample } from "../../core/playground";
import type { RunnableExamples } from "../../core/playground";
import { SiteError } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import type { SiteData } from "../loadSite";
import type { OutputWriter } from "./outputWriter";
import type { ViteManifest } from "./viteManifest";

/**
 * Try it costs a built page nothing until it is pressed: the compile leaves the page's module as
 * it would be without a playground and hands over the runnable examples (compile.ts), the build
 * writes them to a JSON file per page, and the route's data names that file, the runnable blocks
 * and the playground's entry chunk (RunnableExamples), all plain data.
 */

/** The client bundle's entry for the playground component; its file is what Try it imports. */
const PLAYGROUND_INPUT = "theme-Playground";

/** The client bundle's extra entry when the site has a playground. */
export function playgroundInputs(site: SiteData): Record<string, string> {
  return site.config.playground ? { [PLAYGROUND_INPUT]: path.join(GENERATOR_DIR, "src/theme/Playground/Playground.tsx") } : {};
}

/**
 * Writes each page's examples (once per distinct content) and returns, per page source, what its
 * route record carries; undefined for a page without runnable examples.
 */
export function runnableExamplesWriter(args: {
  site: SiteData;
  clientManifest: ViteManifest;
  examplesOf: (source: string) => Record<number, RunnableExample> | undefined;
  outDir: string;
  write: OutputWriter;
}): (source: string) => RunnableExamples | undefined {
  const { site, clientManifest, examplesOf, outDir, write } = args;
  const url = (file: string) => `${site.config.baseUrl}${file}`;
  const written = new Set<string>();
  let playground: string | undefined;
  const playgroundUrl = () => {
    if (playground) return playground;
    const entry = Object.values(clientManifest).find((chunk) => chunk.isEntry && chunk.name === PLAYGROUND_INPUT);
    if (!entry) throw new SiteError(`site.config.ts: the client build produced no "${PLAYGROUND_INPUT}" chunk, which Try it loads; is \`playground\` set?`);
    return (playground = url(entry.file));
  };
  return (source) => {
    const examples = examplesOf(source);
    if (!examples || Object.keys(examples).length === 0) return undefined;
    const json = JSON.stringify(examples);
    const file = `assets/examples-${createHash("sha256").update(json).digest("hex").slice(0, 10)}.json`;
    if (!written.has(file)) write(path.join(outDir, file), json);
    written.add(file);
    return { blocks: Object.keys(examples).map(Number), examples: url(file), playground: playgroundUrl() };
  };
}
