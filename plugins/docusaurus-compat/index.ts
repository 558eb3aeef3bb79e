import path from "node:path";
import type { DocusaurusExtras } from "../../src/node/config/types";
import { GENERATOR_DIR } from "../../src/node/generatorDir";
import type { Plugin } from "../../src/node/plugins/types";

/** Infima's `--ifm-*` custom properties, defined from ours, so a Docusaurus site's CSS finds them. */
export const INFIMA_VARIABLES_CSS = path.join(GENERATOR_DIR, "src/theme/styles/infima-variables.css");

/**
 * What a Docusaurus config adds to every page: the Infima variables its CSS
 * expects, its customCss and clientModules (after ours, so they win), and the
 * remark/rehype plugins its docs options list.
 */
export function docusaurusCompatPlugin(extras: DocusaurusExtras): Plugin {
  const hasMarkdownPlugins = extras.remarkPlugins.length > 0 || extras.rehypePlugins.length > 0;
  return {
    name: "docusaurus-compat",
    id: "docusaurus-compat",
    getClientModules: () => [INFIMA_VARIABLES_CSS, ...extras.customCss, ...extras.clientModules],
    // Set only when there are plugins: functions keep pages off the compile workers.
    ...(hasMarkdownPlugins ? { markdown: { remarkPlugins: extras.remarkPlugins, rehypePlugins: extras.rehypePlugins } } : {}),
    getPathsToWatch: () => [...extras.customCss],
  };
}
