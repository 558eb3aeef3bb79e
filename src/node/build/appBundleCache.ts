import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cacheDir, generatorFingerprint } from "../cache";
import type { SiteData } from "../loadSite";
import { linkedRoutes } from "../markdown/linkedRoutes";
import { MARKDOWN } from "../markdown/links";
import { hashSiteSetup, matchesListing, siteModuleFiles } from "./outputCache";
import { listOutput } from "./outputListing";
import type { ViteManifest } from "./viteManifest";

/**
 * The client and server bundles of the app (entry, theme, the pages the bundler has to take)
 * outlive a build: when a rebuild's bundle inputs hash the same, their files are copied back
 * instead of bundling again, so a build after editing a plain page costs that page's compile
 * and the rendering. Only the latest bundle is kept.
 */

interface AppBundleRecord {
  fingerprint: string;
  /** The kept files with size and time, to notice one changed in place through a link in an output. */
  listing: string[];
  /** The site's own files the bundles read, hashed into the fingerprint. */
  moduleFiles: string[];
  moduleIds: string[];
  clientManifest: ViteManifest;
  serverManifest: ViteManifest;
}

export interface AppBundle {
  clientManifest: ViteManifest;
  serverManifest: ViteManifest;
  moduleIds: string[];
}

const folder = (siteDir: string) => cacheDir(siteDir, "app-bundle");

function fingerprintOf(site: SiteData, pageInputs: Record<string, string>, moduleFiles: readonly string[]): string {
  const hash = createHash("sha256").update(generatorFingerprint());
  hash.update(JSON.stringify([site.config, site.themeConfig, pageInputs], (_key, value: unknown) => (typeof value === "function" ? String(value) : value)));
  for (const plugin of site.plugins) hash.update(JSON.stringify(plugin.getClientModules?.() ?? []));
  const setupSql = site.config.playground?.setupSql && path.resolve(site.siteDir, site.config.playground.setupSql);
  if (setupSql && existsSync(setupSql)) hash.update(readFileSync(setupSql));
  for (const file of moduleFiles) {
    const contents = existsSync(file) ? readFileSync(file) : undefined;
    hash.update(file).update(contents ?? "(missing)");
    // A bundled page's (or partial's) compile follows the routes its links point at; the theme's code does not.
    if (contents && MARKDOWN.test(file)) hash.update(linkedRoutes(file, contents.toString("utf8"), site.routeOfSource));
  }
  hashSiteSetup(hash, site.siteDir);
  return hash.digest("hex");
}

/**
 * Hard links: on this machine's disk a link costs a fortieth of a new file, and the build never
 * writes into a file it has written (a link changed in place from outside shows in the listing).
 * A copy where links cannot be made (another file system).
 */
export function linkOrCopy(source: string, target: string): void {
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    linkOrCopy(source, path.join(to, path.relative(from, source)));
  }
}

function readRecord(siteDir: string): AppBundleRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(folder(siteDir), "record.json"), "utf8")) as AppBundleRecord;
  } catch {
    return undefined;
  }
}

/** Copies the last app bundle into place when its inputs are unchanged; undefined when it has to be bundled. */
export function restoreAppBundle(site: SiteData, pageInputs: Record<string, string>, clientDir: string, serverDir: string): AppBundle | undefined {
  if (site.plugins.some((plugin) => plugin.markdown)) return undefined;
  const record = readRecord(site.siteDir);
  const files = path.join(folder(site.siteDir), "files");
  if (!record || !existsSync(files) || fingerprintOf(site, pageInputs, record.moduleFiles) !== record.fingerprint) return undefined;
  if (!matchesListing(files, record.listing)) return undefined;
  linkTree(path.join(files, "client"), clientDir);
  linkTree(path.join(files, "server"), serverDir);
  return { clientManifest: record.clientManifest, serverManifest: record.serverManifest, moduleIds: record.moduleIds };
}

/** Keeps a fresh app bundle (the folders as the bundler left them) for the next build. */
export function saveAppBundle(site: SiteData, pageInputs: Record<string, string>, bundle: AppBundle, clientDir: string, serverDir: string): void {
  if (site.plugins.some((plugin) => plugin.markdown)) return;
  const moduleFiles = siteModuleFiles(bundle.moduleIds);
  const root = folder(site.siteDir);
  const next = `${root}.tmp-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  cpSync(clientDir, path.join(next, "files/client"), { recursive: true });
  cpSync(serverDir, path.join(next, "files/server"), { recursive: true });
  const record: AppBundleRecord = { ...bundle, fingerprint: fingerprintOf(site, pageInputs, moduleFiles), moduleFiles, listing: listOutput(path.join(next, "files")) };
  writeFileSync(path.join(next, "record.json"), JSON.stringify(record));
  rmSync(root, { recursive: true, force: true });
  renameSync(next, root);
}
