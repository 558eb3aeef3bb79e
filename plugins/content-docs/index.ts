import path from "node:path";
import type { VersionSummary } from "../../src/core/types";
import type { DocsInstanceConfig } from "../../src/node/config/types";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";
import { loadVersion, type LoadDocsOptions, type LoadedVersion } from "./loadVersion";
import { planVersions, versionedDocsRoot, versionedSidebarsRoot, versionsFile } from "./versions";

export type { DocRecord } from "./scan";
export type { LoadDocsOptions, LoadedVersion } from "./loadVersion";

export interface DocsPluginContent {
  instance: DocsInstanceConfig;
  /** Newest first: "current" (unless excluded), then versions.json's order. */
  versions: LoadedVersion[];
}

/** Reads every version of one docs instance. */
export async function loadDocsPlugin(instance: DocsInstanceConfig, options: LoadDocsOptions): Promise<DocsPluginContent> {
  const plans = planVersions(options.siteDir, instance);
  const versions = await Promise.all(plans.map((plan) => loadVersion(instance, plan, options)));
  if (versions.length > 1) linkAlternateVersions(versions);
  return { instance, versions };
}

/** Gives each doc route the path of the same doc (same id) in every version that has it (its own included), for the dropdown and the banner. */
function linkAlternateVersions(versions: LoadedVersion[]): void {
  const pathById = versions.map((version) => new Map(version.metadata.docs.map((doc) => [doc.id, doc.path])));
  versions.forEach((version) => {
    for (const route of version.routes) {
      if (!route.doc) continue;
      const alternates: Record<string, string> = {};
      versions.forEach((other, otherIndex) => {
        const found = pathById[otherIndex].get(route.doc!.id);
        if (found !== undefined) alternates[other.plan.name] = found;
      });
      route.doc.alternateVersions = alternates;
    }
  });
}

/** What every page knows of a version: enough for the dropdown, banner, badge and preferred version. */
export function versionSummary(version: LoadedVersion): VersionSummary {
  const { plan, metadata } = version;
  const mainDoc = metadata.docs.find((doc) => doc.id === metadata.mainDocId);
  return {
    name: plan.name,
    label: plan.label,
    isLast: plan.isLast,
    path: plan.path,
    mainDocPath: mainDoc?.path ?? plan.path,
    banner: plan.banner,
    badge: plan.badge,
    className: plan.className,
    noIndex: plan.noIndex,
  };
}

/**
 * One docs instance as a plugin: its docs become routes; its versions and
 * sidebars the global data the theme reads. With several versions, each is
 * its own route section (own manifest, own chunks).
 */
export function docsPlugin(context: PluginContext, instance: DocsInstanceConfig): Plugin<DocsPluginContent> {
  return {
    name: "content-docs",
    id: instance.id,
    loadContent: () =>
      loadDocsPlugin(instance, {
        siteDir: context.siteDir,
        includeDrafts: context.dev,
        tocLevels: context.siteConfig.tableOfContents,
        lastUpdate: context.siteConfig.docusaurus && { time: context.siteConfig.docusaurus.showLastUpdateTime, author: context.siteConfig.docusaurus.showLastUpdateAuthor },
      }),
    contentLoaded({ content, actions }) {
      const versioned = content.versions.length > 1;
      for (const version of content.versions) {
        if (versioned) actions.addRouteSection({ name: version.plan.name, routeBasePath: version.plan.path });
      }
      for (const version of content.versions) {
        for (const route of version.routes) {
          actions.addRoute({ path: route.path, component: route.chunk, doc: route.doc, ...(versioned ? { section: version.plan.name } : {}) });
        }
      }
      actions.setGlobalData({
        label: instance.label,
        routeBasePath: instance.routeBasePath || "/",
        versions: content.versions.map((version) => version.metadata),
        versionSummaries: content.versions.map(versionSummary),
      });
    },
    getPathsToWatch: () => [
      path.resolve(context.siteDir, instance.path),
      ...(instance.sidebarPath ? [path.resolve(context.siteDir, instance.sidebarPath)] : []),
      versionsFile(context.siteDir, instance.id),
      versionedDocsRoot(context.siteDir, instance.id),
      versionedSidebarsRoot(context.siteDir, instance.id),
    ],
  };
}
