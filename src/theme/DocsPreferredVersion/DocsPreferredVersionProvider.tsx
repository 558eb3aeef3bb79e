import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { readPreferredVersion, savePreferredVersion } from "../../core/preferredVersion";
import { useSite } from "../../client/contexts/SiteContext";
import { createStrictContext } from "../../client/contexts/strictContext";

/** A docs plugin with the names of its versions: a section summary or a route manifest both fit. */
interface PluginVersions {
  pluginId: string;
  versions?: readonly { name: string }[];
}

export interface DocsPreferredVersionValue {
  /** The version the reader last chose for a docs plugin, checked against the versions it has (null when none or stale). */
  read(plugin: PluginVersions): string | null;
  save(pluginId: string, versionName: string): void;
  /** The preferred version of each plugin as last read or saved; null before the page has hydrated. */
  preferred(pluginId: string): string | null;
}

export const { context: DocsPreferredVersionContext, use: useDocsPreferredVersion } =
  createStrictContext<DocsPreferredVersionValue>("DocsPreferredVersionProvider");

/**
 * Remembers, per docs plugin, the docs version a reader chose, in browser
 * storage. Every plugin's choice is read once the page has hydrated (the
 * server cannot know it, and the first render must match the server's); a
 * stored name that matches none of the plugin's versions is then cleared.
 */
export default function DocsPreferredVersionProvider({ children }: { children: ReactNode }) {
  const { storage, config } = useSite();
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const read = useCallback(
    (plugin: PluginVersions) => readPreferredVersion(storage, plugin.pluginId, (plugin.versions ?? []).map((version) => version.name)),
    [storage],
  );
  useEffect(() => {
    setChosen(Object.fromEntries(config.sections.map((section) => [section.pluginId, read(section)])));
  }, [config.sections, read]);
  const save = useCallback(
    (pluginId: string, versionName: string) => {
      savePreferredVersion(storage, pluginId, versionName);
      setChosen((previous) => ({ ...previous, [pluginId]: versionName }));
    },
    [storage],
  );
  const preferred = useCallback((pluginId: string) => chosen[pluginId] ?? null, [chosen]);
  const value = useMemo(() => ({ read, save, preferred }), [read, save, preferred]);
  return <DocsPreferredVersionContext.Provider value={value}>{children}</DocsPreferredVersionContext.Provider>;
}
