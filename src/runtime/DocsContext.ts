import type { DocsManifest, SidebarItem, VersionMetadata } from "../core/types";
import { createStrictContext } from "./strictContext";

export interface DocsVersionValue {
  manifest: DocsManifest;
  version: VersionMetadata;
}

export const { context: DocsVersionContext, use: useDocsVersion } = createStrictContext<DocsVersionValue>("DocsVersionProvider");

export interface DocsSidebarValue {
  name: string;
  items: SidebarItem[];
}

export const { context: DocsSidebarContext, use: useDocsSidebar } = createStrictContext<DocsSidebarValue | null>("DocsSidebarProvider");

/** Finds a sidebar by name, or explains which names exist. */
export function getSidebar(version: VersionMetadata, name: string): SidebarItem[] {
  const items = version.sidebars[name];
  if (!items) {
    throw new Error(`No sidebar named "${name}" in docs version "${version.name}". Available sidebars: ${Object.keys(version.sidebars).join(", ") || "(none)"}`);
  }
  return items;
}

/** Finds a doc by id, or explains which ids exist. */
export function getDoc(version: VersionMetadata, docId: string): VersionMetadata["docs"][number] {
  const doc = version.docs.find((candidate) => candidate.id === docId);
  if (!doc) throw new Error(`No doc with id "${docId}" in docs version "${version.name}". Available doc ids: ${version.docs.map((d) => d.id).join(", ")}`);
  return doc;
}
