/**
 * Docusaurus 3.10 with `future.faster` (Rspack, SWC, Lightning CSS) building this site's docs
 * folders: for compare:docusaurus and for the bench's cold-build target, a quarter of its time.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadSiteConfig } from "../../src/node/config/load";
import { installInScratch, timed, type Timing } from "./scratch";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const DOCUSAURUS_VERSION = "3.10.0";
const PACKAGES = [`@docusaurus/core@${DOCUSAURUS_VERSION}`, `@docusaurus/preset-classic@${DOCUSAURUS_VERSION}`, `@docusaurus/faster@${DOCUSAURUS_VERSION}`, "react@19.1.0", "react-dom@19.1.0"];
/** compare:docusaurus installs here unless told another folder. */
export const DEFAULT_SCRATCH = path.join(ROOT, "../scratch-docusaurus");

const MARKER = "node_modules/@docusaurus/faster/package.json";
export const docusaurusInstalled = (scratch: string) => existsSync(path.join(scratch, MARKER));
export const installDocusaurus = (scratch: string) => installInScratch(scratch, PACKAGES, MARKER, `Docusaurus ${DOCUSAURUS_VERSION}`);

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

/** A cold `docusaurus build` of this site's docs in the scratch folder (written afresh). */
export async function docusaurusColdBuild(scratch: string): Promise<Timing> {
  const siteDir = path.join(scratch, "site");
  await writeDocusaurusSite(siteDir);
  for (const stale of [".docusaurus", "build", "node_modules/.cache"]) rmSync(path.join(siteDir, stale), { recursive: true, force: true });
  return timed(process.execPath, [path.join(scratch, "node_modules/@docusaurus/core/bin/docusaurus.mjs"), "build"], siteDir, scratch);
}
