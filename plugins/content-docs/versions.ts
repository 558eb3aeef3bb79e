import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CURRENT_VERSION_NAME, DEFAULT_PLUGIN_ID } from "../../src/core/constants";
import { joinUrl, normalizePath } from "../../src/core/paths";
import type { VersionBanner } from "../../src/core/types";
import type { DocsInstanceConfig } from "../../src/node/config/types";
import { SiteError } from "../../src/node/errors";

/** Where a version's files are and how it is shown: everything about it but its docs. */
export interface VersionPlan {
  name: string;
  label: string;
  /** The version's URL prefix (the plugin's base path for the last version). */
  path: string;
  isLast: boolean;
  banner: VersionBanner | null;
  badge: boolean;
  className: string;
  noIndex: boolean;
  /** Absolute folder of the version's Markdown. */
  contentDir: string;
  /** Absolute sidebars file; a versioned one may be missing, which means no sidebar. */
  sidebarFile?: string;
  /** The content folder relative to the site, for edit links. */
  contentPathInSite: string;
}

/** A non-default instance's versioning files carry its id as a prefix, as in Docusaurus. */
const withPluginPrefix = (name: string, pluginId: string) => (pluginId === DEFAULT_PLUGIN_ID ? name : `${pluginId}_${name}`);

export const versionsFile = (siteDir: string, pluginId: string) => path.join(siteDir, withPluginPrefix("versions.json", pluginId));
export const versionedDocsRoot = (siteDir: string, pluginId: string) => path.join(siteDir, withPluginPrefix("versioned_docs", pluginId));
export const versionedSidebarsRoot = (siteDir: string, pluginId: string) => path.join(siteDir, withPluginPrefix("versioned_sidebars", pluginId));
export const versionDocsDir = (siteDir: string, pluginId: string, name: string) => path.join(versionedDocsRoot(siteDir, pluginId), `version-${name}`);
export const versionSidebarsFile = (siteDir: string, pluginId: string, name: string) =>
  path.join(versionedSidebarsRoot(siteDir, pluginId), `version-${name}-sidebars.json`);

/** Why a version name cannot be a folder name, or undefined when it can. */
export function versionNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string") return `must be a string (got ${JSON.stringify(name)})`;
  if (!name.trim()) return "must contain at least one non-blank character";
  if (/[/\\]/.test(name)) return 'must not contain "/" or "\\"';
  if (name.length > 32) return "must be at most 32 characters long";
  // eslint-disable-next-line no-control-regex
  if (/[<>:"|?*\x00-\x1F]/.test(name)) return 'must be a valid folder name (none of < > : " | ? * or control characters)';
  if (/^\.\.?$/.test(name)) return 'must not be "." or ".."';
  return undefined;
}

/** versions.json as written: an array of valid names, newest first; null when the file does not exist. */
export function readVersionsFile(siteDir: string, pluginId: string): string[] | null {
  const file = versionsFile(siteDir, pluginId);
  if (!existsSync(file)) return null;
  let names: unknown;
  try {
    names = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SiteError(`${file}: is not valid JSON (${(error as Error).message}); it must be an array of version names, newest first`);
  }
  if (!Array.isArray(names)) throw new SiteError(`${file}: must be an array of version names, newest first (got ${JSON.stringify(names)})`);
  names.forEach((name, index) => {
    const problem = versionNameProblem(name);
    if (problem) throw new SiteError(`${file}: entry ${index} ${JSON.stringify(name)} ${problem}`);
  });
  return names as string[];
}

/** The version names an instance builds, newest first, after includeCurrentVersion, disableVersioning and onlyIncludeVersions. */
export function versionNamesOf(siteDir: string, instance: DocsInstanceConfig): string[] {
  const where = `site.config.ts: docs instance "${instance.id}"`;
  const listed = readVersionsFile(siteDir, instance.id);
  if (instance.disableVersioning && listed === null) {
    throw new SiteError(`${where} sets disableVersioning, but it has no ${path.basename(versionsFile(siteDir, instance.id))}: there is nothing to disable; remove the option`);
  }
  const names = instance.disableVersioning ? [] : [...(listed ?? [])];
  if (instance.includeCurrentVersion !== false && !names.includes(CURRENT_VERSION_NAME)) names.unshift(CURRENT_VERSION_NAME);
  if (names.length === 0) {
    throw new SiteError(`${where} has no version to build: includeCurrentVersion is false and ${instance.disableVersioning ? "disableVersioning is true" : `${path.basename(versionsFile(siteDir, instance.id))} is empty or missing`}`);
  }
  const available = `Available version names: ${names.join(", ")}`;
  if (instance.lastVersion !== undefined && !names.includes(instance.lastVersion)) {
    throw new SiteError(`${where}: lastVersion "${instance.lastVersion}" is not a version. ${available}`);
  }
  const unknownOptions = Object.keys(instance.versions ?? {}).filter((name) => !names.includes(name));
  if (unknownOptions.length > 0) throw new SiteError(`${where}: "versions" configures unknown versions (${unknownOptions.join(", ")}). ${available}`);
  const only = instance.onlyIncludeVersions;
  if (only === undefined) return names;
  if (!Array.isArray(only) || only.length === 0) throw new SiteError(`${where}: onlyIncludeVersions must list at least one version. ${available}`);
  const unknownOnly = only.filter((name) => !names.includes(name));
  if (unknownOnly.length > 0) throw new SiteError(`${where}: onlyIncludeVersions names unknown versions (${unknownOnly.join(", ")}). ${available}`);
  if (instance.lastVersion !== undefined && !only.includes(instance.lastVersion)) {
    throw new SiteError(`${where}: lastVersion "${instance.lastVersion}" must also be listed in onlyIncludeVersions`);
  }
  // The order stays that of versions.json, whatever order onlyIncludeVersions uses.
  return names.filter((name) => only.includes(name));
}

const BANNERS = ["none", "unreleased", "unmaintained"];

/** Every version an instance builds, newest first, with the paths, labels and banners Docusaurus would give it. */
export function planVersions(siteDir: string, instance: DocsInstanceConfig): VersionPlan[] {
  const names = versionNamesOf(siteDir, instance);
  const lastName = instance.lastVersion ?? names.find((name) => name !== CURRENT_VERSION_NAME) ?? CURRENT_VERSION_NAME;
  const base = instance.routeBasePath || "/";
  return names.map((name) => {
    const options = instance.versions?.[name] ?? {};
    const where = `site.config.ts: docs instance "${instance.id}", versions["${name}"]`;
    if (options.banner !== undefined && !BANNERS.includes(options.banner)) {
      throw new SiteError(`${where}.banner must be "none", "unreleased" or "unmaintained" (got ${JSON.stringify(options.banner)})`);
    }
    const isCurrent = name === CURRENT_VERSION_NAME;
    const pathPart = options.path ?? (name === lastName ? "" : isCurrent ? "next" : name);
    // Newer than the last version: not released yet; older: no longer maintained.
    const defaultBanner: VersionBanner | null = name === lastName ? null : names.indexOf(name) < names.indexOf(lastName) ? "unreleased" : "unmaintained";
    const contentDir = isCurrent ? path.resolve(siteDir, instance.path) : versionDocsDir(siteDir, instance.id, name);
    if (!existsSync(contentDir)) {
      throw new SiteError(`${where}: the docs folder of version "${name}" does not exist; expected ${path.relative(siteDir, contentDir) || contentDir}`);
    }
    return {
      name,
      label: options.label ?? (isCurrent ? "Next" : name),
      path: normalizePath(joinUrl(base, pathPart)),
      isLast: name === lastName,
      banner: options.banner === undefined ? defaultBanner : options.banner === "none" ? null : (options.banner as VersionBanner),
      // A site with one version shows no badge unless asked.
      badge: options.badge ?? names.length !== 1,
      className: options.className ?? `docs-version-${name}`,
      noIndex: options.noIndex ?? false,
      contentDir,
      sidebarFile: isCurrent ? (instance.sidebarPath ? path.resolve(siteDir, instance.sidebarPath) : undefined) : versionSidebarsFile(siteDir, instance.id, name),
      contentPathInSite: isCurrent ? instance.path : path.relative(siteDir, contentDir).split(path.sep).join("/"),
    };
  });
}
