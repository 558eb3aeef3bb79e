/** `@docusaurus/Link`: the site's own Link (client routing, safe external links). */
export { default } from "../Link/Link";
export type { LinkProps } from "../Link/Link";
