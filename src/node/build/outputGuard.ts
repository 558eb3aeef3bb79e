import { lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SiteError } from "../errors";

/**
 * Written into every output folder we produce. A folder carrying it was
 * written by a build of ours, so the next build may replace it.
 */
export const BUILD_MARKER_FILE = ".graphile-docs-build";

/** Output folders written before the marker existed still say who made them in their index.html. */
const GENERATOR_META = '<meta name="generator" content="graphile-docs ';

/** What is at the output path today, as far as the guard cares. */
export type OutputState = "missing" | "file" | "empty-folder" | "our-build" | "foreign-folder";

export function outputState(outDir: string): OutputState {
  let stats;
  try {
    stats = lstatSync(outDir);
  } catch {
    return "missing";
  }
  if (!stats.isDirectory()) return "file";
  const names = readdirSync(outDir);
  if (names.length === 0) return "empty-folder";
  if (names.includes(BUILD_MARKER_FILE)) return "our-build";
  const index = path.join(outDir, "index.html");
  if (names.includes("index.html") && lstatSync(index).isFile() && readFileSync(index, "utf8").slice(0, 4096).includes(GENERATOR_META)) return "our-build";
  return "foreign-folder";
}

const isSameOrInside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

export interface OutputGuardInput {
  siteDir: string;
  outDir: string;
  /** Folders the build reads from (content folders, static/, sidebars files …): never replaced, never written into. */
  protectedPaths: readonly string[];
  state: OutputState;
}

/**
 * Why replacing `outDir` would destroy something that is not ours, or
 * undefined when it is safe. Pure, so it can be checked exhaustively.
 */
export function outputDirProblem({ siteDir, outDir, protectedPaths, state }: OutputGuardInput): string | undefined {
  const out = path.resolve(outDir);
  const site = path.resolve(siteDir);
  if (isSameOrInside(site, out)) return `it is the project folder ${site} or a folder that contains it`;
  for (const kept of protectedPaths.map((entry) => path.resolve(entry))) {
    if (isSameOrInside(kept, out)) return `it is ${kept} (the site's own input) or a folder that contains it`;
    if (isSameOrInside(out, kept)) return `it lies inside ${kept}, which the build reads from`;
  }
  if (state === "file") return "a file of that name exists; the output must be a folder (rename or remove the file)";
  if (state === "foreign-folder") return `the folder exists, is not empty and was not written by this generator (no ${BUILD_MARKER_FILE} inside); empty it or choose another --out-dir`;
  return undefined;
}

/** Refuses, with the reason, to build into a folder whose replacement would lose someone's files. */
export function assertOutputDirReplaceable(siteDir: string, outDir: string, protectedPaths: readonly string[]): void {
  const problem = outputDirProblem({ siteDir, outDir, protectedPaths, state: outputState(outDir) });
  if (problem) throw new SiteError(`Output folder ${outDir}: refusing to replace it: ${problem}`);
}

/** Marks a finished staging folder as ours, so a later build may replace it. */
export function writeBuildMarker(dir: string): void {
  writeFileSync(path.join(dir, BUILD_MARKER_FILE), "Written by graphile-docs. The next build replaces this whole folder.\n");
}

/** The folders of a site the output must never be, contain or sit in. */
export function siteInputPaths(siteDir: string, contentDirs: readonly string[]): string[] {
  return [path.join(siteDir, "static"), path.join(siteDir, "site.config.ts"), ...contentDirs.map((dir) => path.resolve(siteDir, dir))];
}
