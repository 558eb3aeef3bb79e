/**
 * Builds this site's docs with our generator, with Docusaurus 3.10 (`future.faster`: Rspack,
 * SWC, Lightning CSS) and with VitePress side by side, cold, and prints the times and ratios.
 *
 *   npm run compare:docusaurus                    scratch folders ../scratch-docusaurus, ../scratch-vitepress
 *   npm run compare:docusaurus -- --scratch DIR   another folder for Docusaurus
 *
 * Neither is a dependency of this project: each is installed into its scratch folder (outside
 * the project) the first time, and its site is generated there from our docs folders: for
 * Docusaurus one docs plugin instance per library, as our site.config.ts lays them out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "./cli";
import { DEFAULT_SCRATCH, docusaurusColdBuild, DOCUSAURUS_VERSION, installDocusaurus } from "./bench/docusaurus";
import { describe, timed } from "./bench/scratch";
import { installVitePress, VITEPRESS_SCRATCH, VITEPRESS_VERSION, vitepressColdBuild } from "./bench/vitepress";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = parseArgs(process.argv.slice(2), ["scratch"]);
const scratch = path.resolve(args.values.get("scratch") ?? DEFAULT_SCRATCH);

async function main(): Promise<void> {
  installDocusaurus(scratch);
  installVitePress(VITEPRESS_SCRATCH);
  const ourOut = path.join(scratch, "graphile-docs-build");
  // Cold builds: neither generator keeps anything from an earlier run, except the playground's PostgreSQL
  // database, which Docusaurus has no counterpart of: it depends only on the PGlite version and the setup SQL
  // (like an installed package), and making it (PGlite's initdb) costs about 7 s of CPU by itself. Our
  // compile thread's code cache goes too (npm run bench keeps it, as it keeps dist/): this comparison counts
  // everything our first build after an install does.
  const ourCache = path.join(ROOT, "node_modules/.cache/graphile-docs");
  for (const entry of existsSync(ourCache) ? readdirSync(ourCache) : []) if (entry !== "playground") rmSync(path.join(ourCache, entry), { recursive: true, force: true });
  console.log("(our cold build keeps the playground database in node_modules/.cache/graphile-docs/playground; delete it to include its making)");
  execFileSync(process.execPath, [path.join(ROOT, "scripts/run.mjs"), "--compile"]);
  const ours = timed(process.execPath, [path.join(ROOT, "scripts/run.mjs"), "build", "--out-dir", ourOut], ROOT, scratch);
  console.log(`graphile-docs cold build:                 ${describe(ours)}`);
  const docusaurus = await docusaurusColdBuild(scratch);
  console.log(`Docusaurus ${DOCUSAURUS_VERSION} (future.faster) cold: ${describe(docusaurus)}`);
  // On a shared machine wall time depends on the neighbours; CPU time much less so.
  const cpuRatio = ours.cpu && docusaurus.cpu ? `; by CPU time ${(docusaurus.cpu / ours.cpu).toFixed(1)}x` : "";
  console.log(`ratio: ours is ${(docusaurus.wall / ours.wall).toFixed(1)}x faster by wall time${cpuRatio} (target: at least 4x)`);
  const vitepress = await vitepressColdBuild(VITEPRESS_SCRATCH);
  console.log(`VitePress ${VITEPRESS_VERSION} cold:                  ${describe(vitepress)}`);
  console.log(`ratio: ours is ${(vitepress.wall / ours.wall).toFixed(1)}x faster by wall time (target: faster)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
