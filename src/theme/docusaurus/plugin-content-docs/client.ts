import { findDocsPlugin, useDocsRouteContext } from "../../../client/contexts/DocsContext";
import { useSite } from "../../../client/contexts/SiteContext";
import type { SectionSummary } from "../../../core/types";

/** `@docusaurus/plugin-content-docs/client`: the docs hooks MDX pages and site components reach for. */

/** The docs plugin of the current docs page. */
export function useActivePlugin(): { pluginId: string } {
  return { pluginId: useDocsRouteContext().pluginId };
}

/** The version shown on the current docs page. */
export function useActiveVersion() {
  return useDocsRouteContext().version;
}

/** A docs plugin's section by id (the default section when left out); an id the site lacks is an error. */
export function useDocsData(pluginId = "default"): SectionSummary {
  return findDocsPlugin(useSite().config.sections, pluginId);
}
