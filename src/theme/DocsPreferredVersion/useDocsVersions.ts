import { useLocation } from "../../client/router";
import { useSite } from "../../client/contexts/SiteContext";
import { findDocsPlugin } from "../../client/contexts/DocsContext";
import { activeVersion, latestVersion, versionChain } from "../../core/docsVersions";
import { DEFAULT_PLUGIN_ID } from "../../core/constants";
import type { VersionSummary } from "../../core/types";
import { useDocsPreferredVersion } from "./DocsPreferredVersionProvider";

export interface DocsVersionsState {
  pluginId: string;
  versions: VersionSummary[];
  /** The version of the page shown, when it is one of this plugin's docs pages. */
  active?: VersionSummary;
  /** The version the navbar shows: the page's, else the preferred, else the latest. */
  shown: VersionSummary;
  /** Version names to look a doc up in, best first. */
  chain: string[];
  /** The page's doc in the other versions (only on a docs page of this plugin). */
  alternates?: Record<string, string>;
  save(versionName: string): void;
}

/** Everything the version items of the navbar need about one docs plugin. */
export function useDocsVersions(pluginId = DEFAULT_PLUGIN_ID): DocsVersionsState {
  const { config, store } = useSite();
  const { pathname } = useLocation();
  const preferredVersion = useDocsPreferredVersion();
  const section = findDocsPlugin(config.sections, pluginId);
  const versions = section.versions ?? [];
  if (versions.length === 0) throw new Error(`The docs plugin "${pluginId}" reports no versions; its data is malformed.`);
  const active = activeVersion(config.sections, pluginId, pathname);
  const preferred = preferredVersion.preferred(pluginId);
  const chain = versionChain(versions, active?.name, preferred);
  const shown = versions.find((version) => version.name === chain[0]) ?? latestVersion(versions)!;
  const state = active ? store.resolve(pathname) : undefined;
  const alternates = state?.status === "ready" ? state.route.doc?.alternateVersions : undefined;
  return { pluginId, versions, active, shown, chain, alternates, save: (name) => preferredVersion.save(pluginId, name) };
}
