import { CURRENT_VERSION_NAME } from "./constants.ts";

/**
 * The docs tag of a docs plugin's version, `docs-<pluginId>-<version>`: the page's
 * `docsearch:docusaurus_tag` meta, the search records' facet and the navbar search's filter.
 */
export function docsTagFor(pluginId: string, version: string = CURRENT_VERSION_NAME): string {
  return `docs-${pluginId}-${version}`;
}
