/**
 * VitePress (its stable line: Vite, markdown-it, Shiki) building this site's docs folders, each at
 * the path our site serves it from, with a sidebar per library: for the "faster than
 * VitePress", in compare:docusaurus and in the bench.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadSiteConfig } from "../../src/node/config/load";
import { installInScratch, timed, type Timing } from "./scratch";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const VITEPRESS_VERSION = "1.6.4";
/** compare:docusaurus installs it here unless told another folder. */
export const VITEPRESS_SCRATCH = path.join(ROOT, "../scratch-vitepress");
const MARKER = "node_modules/vitepress/package.json";

export const vitepressInstalled = (scratch: string) => existsSync(path.join(scratch, MARKER));
export const installVitePress = (scratch: string) => installInScratch(scratch, [`vitepress@${VITEPRESS_VERSION}`], MARKER, `VitePress ${VITEPRESS_VERSION}`);

/** The sidebar label of a page: its front matter title, else its first heading, else its file name. */
function pageTitle(file: string): string {
  const text = readFileSync(file, "utf8");
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(frontMatter)?.[1] ?? /^#\s+(.+)$/m.exec(text)?.[1];
  return title ?? path.basename(file).replace(/\.mdx?$/, "");
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.md$/.test(file))
    .sort();
}

async function writeVitePressSite(siteDir: string): Promise<void> {
  const config = await loadSiteConfig(ROOT, () => undefined);
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(path.join(siteDir, ".vitepress"), { recursive: true });
  cpSync(path.join(ROOT, "static"), path.join(siteDir, "public"), { recursive: true });
  const sidebar: Record<string, unknown> = {};
  const nav = config.docs.map((docs) => {
    const base = docs.routeBasePath.replace(/^\/|\/$/g, "");
    const folder = path.join(siteDir, base);
    cpSync(path.join(ROOT, docs.path), folder, { recursive: true });
    const items = markdownFiles(folder).map((file) => ({ text: pageTitle(path.join(folder, file)), link: `/${base}/${file.replace(/(^|\/)index\.md$/, "$1").replace(/\.md$/, "")}` }));
    sidebar[`/${base}/`] = [{ text: docs.label, items }];
    return { text: docs.label, link: `/${base}/` };
  });
  writeFileSync(path.join(siteDir, "index.md"), `---\nlayout: home\nhero:\n  name: ${JSON.stringify(config.title)}\n  tagline: ${JSON.stringify(config.tagline ?? "")}\n---\n`);
  // Our docs link between libraries in Docusaurus' way; VitePress would stop at the first link it cannot follow.
  const site = { title: config.title, description: config.tagline, ignoreDeadLinks: true, themeConfig: { nav, sidebar } };
  writeFileSync(path.join(siteDir, ".vitepress/config.mjs"), `export default ${JSON.stringify(site, null, 2)};\n`);
  writeFileSync(path.join(siteDir, "package.json"), '{ "name": "compare-site", "private": true, "type": "module" }\n');
}

/** A cold `vitepress build` of this site's docs in the scratch folder (written afresh, so no cache). */
export async function vitepressColdBuild(scratch: string): Promise<Timing> {
  const siteDir = path.join(scratch, "site");
  await writeVitePressSite(siteDir);
  return timed(process.execPath, [path.join(scratch, "node_modules/vitepress/bin/vitepress.js"), "build"], siteDir, scratch);
}
