/**
 * The docs-version UI (the preferred-version provider is always there: it
 * clears a stale stored choice on any site), imported as `virtual:version-ui`: this file on a site
 * where some page can show versions, else a module of nulls
 * (src/node/bundle/sitePlugin.ts), so other sites ship none of it.
 */
export { default as DocsVersionDropdownNavbarItem } from "./DocsVersionDropdown/DocsVersionDropdownNavbarItem";
export { default as DocsVersionNavbarItem } from "./DocsVersionNavbarItem/DocsVersionNavbarItem";
export { default as DocVersionBanner } from "./DocVersionBanner/DocVersionBanner";
export { default as DocVersionBadge } from "./DocVersionBadge/DocVersionBadge";
