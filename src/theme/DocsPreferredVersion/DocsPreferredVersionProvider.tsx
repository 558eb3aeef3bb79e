import { useCallback, useMemo, type ReactNode } from "react";
import { readPreferredVersion, savePreferredVersion } from "../../core/preferredVersion";
import type { DocsManifest } from "../../core/types";
import { useSite } from "../../client/contexts/SiteContext";
import { createStrictContext } from "../../client/contexts/strictContext";

export interface DocsPreferredVersionValue {
  /** The version the reader last chose for a docs plugin, checked against the versions it has (null when none or stale). */
  read(manifest: DocsManifest): string | null;
  save(pluginId: string, versionName: string): void;
}

export const { context: DocsPreferredVersionContext, use: useDocsPreferredVersion } =
  createStrictContext<DocsPreferredVersionValue>("DocsPreferredVersionProvider");

/**
 * Remembers, per docs plugin, the docs version a reader chose, in browser
 * storage. A stored name that matches none of the plugin's versions is
 * cleared (and read as null) the first time that plugin's docs are shown.
 */
export default function DocsPreferredVersionProvider({ children }: { children: ReactNode }) {
  const { storage } = useSite();
  const read = useCallback(
    (manifest: DocsManifest) => readPreferredVersion(storage, manifest.pluginId, manifest.versions.map((version) => version.name)),
    [storage],
  );
  const save = useCallback(
    (pluginId: string, versionName: string) => savePreferredVersion(storage, pluginId, versionName),
    [storage],
  );
  const value = useMemo(() => ({ read, save }), [read, save]);
  return <DocsPreferredVersionContext.Provider value={value}>{children}</DocsPreferredVersionContext.Provider>;
}
