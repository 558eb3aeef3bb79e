/**
 * Builds this site's docs with our generator and with Docusaurus 3.10 (`future.faster`: Rspack,
 * SWC, Lightning CSS) side by side, cold, and prints both times and the ratio.
 *
 *   npm run compare:docusaurus                    scratch folder ../scratch-docusaurus
 *   npm run compare:docusaurus -- --scratch DIR   another scratch folder
 *
 * Docusaurus is never a dependency of this project: it is installed into the scratch folder
 * (outside the project) the first time, and the Docusaurus site is generated there from our
 * docs folders, one docs plugin instance per library, as our site.config.ts lays them out.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "./cli";
import { loadSiteConfig } from "../src/node/config/load";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOCUSAURUS_VERSION = "3.10.0";
const PACKAGES = [`@docusaurus/core@${DOCUSAURUS_VERSION}`, `@docusaurus/preset-classic@${DOCUSAURUS_VERSION}`, `@docusaurus/faster@${DOCUSAURUS_VERSION}`, "react@19.1.0", "react-dom@19.1.0"];

const args = parseArgs(process.argv.slice(2), ["scratch"]);
const scratch = path.resolve(args.values.get("scratch") ?? path.join(ROOT, "../scratch-docusaurus"));
const siteDir = path.join(scratch, "site");

function installDocusaurus(): void {
  if (existsSync(path.join(scratch, "node_modules/@docusaurus/faster/package.json"))) return;
  console.log(`Installing Docusaurus ${DOCUSAURUS_VERSION} into ${scratch} (once) …`);
  mkdirSync(scratch, { recursive: true });
  if (!existsSync(path.join(scratch, "package.json"))) writeFileSync(path.join(scratch, "package.json"), '{ "name": "scratch-docusaurus", "private": true }\n');
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--save-exact", ...PACKAGES], { cwd: scratch, stdio: "inherit" });
}

/** A Docusaurus site with the same docs folders at the same paths; the scratch node_modules is one level up. */
async function writeDocusaurusSite(): Promise<void> {
  const config = await loadSiteConfig(ROOT, () => undefined);
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(siteDir, { recursive: true });
  cpSync(path.join(ROOT, "static"), path.join(siteDir, "static"), { recursive: true });
  const [first, ...others] = config.docs.map((docs) => {
    cpSync(path.join(ROOT, docs.path), path.join(siteDir, docs.path), { recursive: true });
    return { id: docs.id, path: docs.path, routeBasePath: docs.routeBasePath.replace(/^\//, "") };
  });
  const site = {
    title: config.title,
    url: config.url,
    baseUrl: config.baseUrl,
    onBrokenLinks: "warn",
    markdown: { hooks: { onBrokenMarkdownLinks: "warn" } },
    // Docusaurus Faster refuses to start without the v4 flags it builds on.
    future: { v4: true, faster: true },
    presets: [["classic", { docs: { path: first.path, routeBasePath: first.routeBasePath }, blog: false, theme: {} }]],
    plugins: others.map((docs) => ["@docusaurus/plugin-content-docs", docs]),
    themeConfig: { prism: { additionalLanguages: config.prism.additionalLanguages } },
  };
  // An .mjs config in a package without "type": "module": with that field the bundler reads Docusaurus' generated
  // route registry as strict ESM and leaves its require.resolveWeak calls unresolved, and the static render fails.
  writeFileSync(path.join(siteDir, "docusaurus.config.mjs"), `export default ${JSON.stringify(site, null, 2)};\n`);
  writeFileSync(path.join(siteDir, "package.json"), '{ "name": "compare-site", "private": true }\n');
}

interface Timing {
  wall: number;
  /** User plus system CPU seconds and peak memory, when /usr/bin/time is there to measure them. */
  cpu?: number;
  peakMb?: number;
}

const TIME_BIN = "/usr/bin/time";

/** Wall seconds of a command (and its CPU time and peak memory where /usr/bin/time exists), its output shown only when it fails. */
function timed(command: string, commandArgs: string[], cwd: string): Timing {
  const usageFile = path.join(scratch, `usage-${process.pid}.txt`);
  const measured = existsSync(TIME_BIN);
  const [program, programArgs] = measured ? [TIME_BIN, ["-f", "%U %S %M", "-o", usageFile, command, ...commandArgs]] : [command, commandArgs];
  const started = performance.now();
  try {
    execFileSync(program, programArgs, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`${command} ${commandArgs.join(" ")} failed in ${cwd}:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
    throw error;
  }
  const wall = (performance.now() - started) / 1000;
  if (!measured) return { wall };
  const [user, system, peakKb] = readFileSync(usageFile, "utf8").trim().split(/\s+/).slice(-3).map(Number);
  rmSync(usageFile, { force: true });
  return { wall, cpu: user + system, peakMb: peakKb / 1024 };
}

function describe(timing: Timing): string {
  const wall = `${timing.wall.toFixed(1)} s wall`;
  return timing.cpu === undefined ? wall : `${wall}, ${timing.cpu.toFixed(1)} s CPU, ${Math.round(timing.peakMb!)} MB peak`;
}

async function main(): Promise<void> {
  installDocusaurus();
  await writeDocusaurusSite();
  const docusaurusBin = path.join(scratch, "node_modules/@docusaurus/core/bin/docusaurus.mjs");
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
  const ours = timed(process.execPath, [path.join(ROOT, "scripts/run.mjs"), "build", "--out-dir", ourOut], ROOT);
  console.log(`graphile-docs cold build:                 ${describe(ours)}`);
  for (const stale of [".docusaurus", "build", "node_modules/.cache"]) rmSync(path.join(siteDir, stale), { recursive: true, force: true });
  const docusaurus = timed(process.execPath, [docusaurusBin, "build"], siteDir);
  console.log(`Docusaurus ${DOCUSAURUS_VERSION} (future.faster) cold: ${describe(docusaurus)}`);
  // On a shared machine wall time depends on the neighbours; CPU time much less so.
  const cpuRatio = ours.cpu && docusaurus.cpu ? `; by CPU time ${(docusaurus.cpu / ours.cpu).toFixed(1)}x` : "";
  console.log(`ratio: ours is ${(docusaurus.wall / ours.wall).toFixed(1)}x faster by wall time${cpuRatio} (target: at least 4x)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
