/**
 * Docusaurus 3.10 with `future.faster` (Rspack, SWC, Lightning CSS), installed in a scratch folder
 * outside the project and never a dependency of it, building this site's docs folders: for
 * compare:docusaurus and for the bench's cold-build target, which is a quarter of its time.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadSiteConfig } from "../../src/node/config/load";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const DOCUSAURUS_VERSION = "3.10.0";
const PACKAGES = [`@docusaurus/core@${DOCUSAURUS_VERSION}`, `@docusaurus/preset-classic@${DOCUSAURUS_VERSION}`, `@docusaurus/faster@${DOCUSAURUS_VERSION}`, "react@19.1.0", "react-dom@19.1.0"];
/** compare:docusaurus installs here unless told another folder. */
export const DEFAULT_SCRATCH = path.join(ROOT, "../scratch-docusaurus");

export const docusaurusInstalled = (scratch: string) => existsSync(path.join(scratch, "node_modules/@docusaurus/faster/package.json"));

export function installDocusaurus(scratch: string): void {
  if (docusaurusInstalled(scratch)) return;
  console.log(`Installing Docusaurus ${DOCUSAURUS_VERSION} into ${scratch} (once) …`);
  mkdirSync(scratch, { recursive: true });
  if (!existsSync(path.join(scratch, "package.json"))) writeFileSync(path.join(scratch, "package.json"), '{ "name": "scratch-docusaurus", "private": true }\n');
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--save-exact", ...PACKAGES], { cwd: scratch, stdio: "inherit" });
}

/** A Docusaurus site with the same docs folders at the same paths; the scratch node_modules is one level up. */
async function writeDocusaurusSite(siteDir: string): Promise<void> {
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

export interface Timing {
  wall: number;
  /** User plus system CPU seconds and peak memory, when /usr/bin/time is there to measure them. */
  cpu?: number;
  peakMb?: number;
}

const TIME_BIN = "/usr/bin/time";

/** Wall seconds of a command (and its CPU time and peak memory where /usr/bin/time exists), its output shown only when it fails. */
export function timed(command: string, commandArgs: string[], cwd: string, scratch: string): Timing {
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

export function describe(timing: Timing): string {
  const wall = `${timing.wall.toFixed(1)} s wall`;
  return timing.cpu === undefined ? wall : `${wall}, ${timing.cpu.toFixed(1)} s CPU, ${Math.round(timing.peakMb!)} MB peak`;
}

/** A cold `docusaurus build` of this site's docs in the scratch folder (written afresh). */
export async function docusaurusColdBuild(scratch: string): Promise<Timing> {
  const siteDir = path.join(scratch, "site");
  await writeDocusaurusSite(siteDir);
  for (const stale of [".docusaurus", "build", "node_modules/.cache"]) rmSync(path.join(siteDir, stale), { recursive: true, force: true });
  return timed(process.execPath, [path.join(scratch, "node_modules/@docusaurus/core/bin/docusaurus.mjs"), "build"], siteDir, scratch);
}
