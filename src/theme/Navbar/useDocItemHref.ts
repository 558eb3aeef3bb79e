import { useLocation } from "../../client/router";
import { useSite } from "../../client/contexts/SiteContext";
import { DEFAULT_PLUGIN_ID } from "../../core/constants";
import { activeVersion, pathInChain, versionChain } from "../../core/docsVersions";
import type { NavbarItem } from "../../core/types";
import { useContext } from "react";
import { DocsPreferredVersionContext } from "../DocsPreferredVersion/DocsPreferredVersionProvider";

/**
 * A doc item of a plugin with several versions links to its doc in the
 * version the reader is in, else the one they prefer, else the latest.
 * Returns a function giving that href, or undefined for other items.
 */
export function useDocItemHref(): (item: NavbarItem) => string | undefined {
  const { config } = useSite();
  const { pathname } = useLocation();
  // Only items of a versioned plugin need the provider; the plain navbar renders without it.
  const preferredVersion = useContext(DocsPreferredVersionContext);
  return (item) => {
    if (item.type !== "doc" || !item.hrefByVersion || !item.href) return undefined;
    if (typeof preferredVersion === "symbol") throw new Error("This hook must be used inside <DocsPreferredVersionProvider>; wrap the component tree in it.");
    const { preferred } = preferredVersion;
    const pluginId = item.docsPluginId ?? DEFAULT_PLUGIN_ID;
    const versions = config.sections.find((section) => section.pluginId === pluginId)?.versions ?? [];
    const chain = versionChain(versions, activeVersion(config.sections, pluginId, pathname)?.name, preferred(pluginId));
    return pathInChain(item.hrefByVersion, chain, item.href);
  };
}
