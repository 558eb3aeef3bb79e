import { CURRENT_VERSION_NAME } from "./constants";
import { findSection, findVersion } from "./routeMatch";
import { docsTagFor } from "./search/constants";
import type { SectionSummary, ThemeConfig, VersionSummary } from "./types";

/** The version at the plugin's base path (the one "latest" means). */
export function latestVersion(versions: readonly VersionSummary[]): VersionSummary | undefined {
  return versions.find((version) => version.isLast) ?? versions[0];
}

/** The version of a plugin the address is in, if the address is in that plugin's docs. */
export function activeVersion(sections: readonly SectionSummary[], pluginId: string, pathname: string): VersionSummary | undefined {
  const section = findSection(sections, pathname);
  if (!section || section.pluginId !== pluginId) return undefined;
  return findVersion(section.versions ?? [], pathname);
}

/**
 * The versions to look a doc up in, in order: the one the reader is in, the
 * one they prefer, the latest (Docusaurus' rule for navbar doc links and the
 * version items). Names only, without repeats.
 */
export function versionChain(versions: readonly VersionSummary[], active: string | undefined, preferred: string | null): string[] {
  const names = [active, preferred ?? undefined, latestVersion(versions)?.name].filter((name): name is string => name !== undefined);
  return [...new Set(names)].filter((name) => versions.some((version) => version.name === name));
}

/** A doc's path in the first version of the chain that has it; else the fallback. */
export function pathInChain(hrefByVersion: Record<string, string>, chain: readonly string[], fallback: string): string {
  for (const name of chain) if (hrefByVersion[name] !== undefined) return hrefByVersion[name];
  return fallback;
}

/** Where switching to a version leads: the same doc there when it exists, else that version's main doc. */
export function versionTarget(version: VersionSummary, alternates: Record<string, string> | undefined): string {
  return alternates?.[version.name] ?? version.mainDocPath;
}

/** The search docs-tag of the page at an address: its plugin and version; undefined outside docs. */
export function docsTagOfPath(sections: readonly SectionSummary[], pathname: string): string | undefined {
  const section = findSection(sections, pathname);
  if (!section) return undefined;
  return docsTagFor(section.pluginId, findVersion(section.versions ?? [], pathname)?.name ?? CURRENT_VERSION_NAME);
}

/** Where a section starts: its latest version's main doc (a section need not have a page at its base path). */
export function sectionEntry(section: SectionSummary): string {
  const latest = section.versions?.find((version) => version.isLast) ?? section.versions?.[0];
  return latest?.mainDocPath ?? section.routeBasePath;
}

/**
 * Whether any page of the site can show version UI: a docs plugin with more
 * than one version, a version with a banner or badge, or a version item in
 * the navbar. A site without any ships none of that code.
 */
export function siteShowsVersions(config: Pick<ThemeConfig, "sections" | "navbar">): boolean {
  const versioned = config.sections.some((section) => (section.versions ?? []).length > 1 || (section.versions ?? []).some((version) => version.banner !== null || version.badge));
  return versioned || config.navbar.items.some((item) => item.type === "docsVersion" || item.type === "docsVersionDropdown");
}
