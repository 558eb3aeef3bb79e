import { useContext } from "react";
import type { RouteIndex, SectionSummary, SidebarItem, VersionIndex } from "../../core/types";
import { createStrictContext } from "./strictContext";

export interface DocsVersionValue {
  manifest: RouteIndex;
  version: VersionIndex;
}

export const { context: DocsVersionContext, use: useDocsVersion } = createStrictContext<DocsVersionValue>("DocsVersionProvider");

export interface DocsSidebarValue {
  name: string;
  items: SidebarItem[];
}

export const { context: DocsSidebarContext, use: useDocsSidebar } = createStrictContext<DocsSidebarValue | null>("DocsSidebarProvider");

/**
 * The docs plugin of the docs page being rendered. Outside a docs page there
 * is no such parent route context, and code asking for it has a bug.
 */
export function useDocsRouteContext(): { pluginId: string; version: VersionIndex } {
  const value = useContext(DocsVersionContext);
  if (typeof value === "symbol" || !value) {
    throw new Error("No parent docs route context: this can only be used inside a docs page (under <DocsVersionProvider>).");
  }
  if (!value.manifest.pluginId) throw new Error("The parent docs route context has no plugin attribute (pluginId); its route manifest is malformed.");
  return { pluginId: value.manifest.pluginId, version: value.version };
}

/** A docs section by plugin id; asking for one the site does not have is an error that lists those it has. */
export function findDocsPlugin(sections: readonly SectionSummary[], pluginId: string): SectionSummary {
  const section = sections.find((candidate) => candidate.pluginId === pluginId);
  if (!section) {
    throw new Error(`The docs plugin "${pluginId}" is not enabled: site.config.ts has no docs instance with that id. Enabled docs plugins: ${sections.map((s) => s.pluginId).join(", ") || "(none)"}`);
  }
  return section;
}
