/** Every number and key the spec names, defined once. */

/** Wider than this is desktop; this width and below is mobile. */
export const DESKTOP_BREAKPOINT_PX = 996;
// Stylesheets use the same breakpoint as `@media (--mobile)` / `(--desktop)` from src/theme/styles/media.css.

/** The route progress bar only appears for navigations slower than this. */
export const PROGRESS_BAR_DELAY_MS = 200;
export const PROGRESS_BAR_MINIMUM = 0.08;
export const PROGRESS_BAR_SPEED_MS = 200;
export const PROGRESS_BAR_TRICKLE_RATE = 0.02;
export const PROGRESS_BAR_TRICKLE_SPEED_MS = 800;

/** Each animation frame covers this share of the distance still left to scroll. */
export const SMOOTH_SCROLL_EASING_FACTOR = 0.85;

export const NAVBAR_DEFAULT_POSITION = "left" as const;

export const COLOR_MODE_DEFAULT = "light" as const;
export const COLOR_MODE_STORAGE_KEY = "theme";

export const TOC_MIN_HEADING_LEVEL = 2;
export const TOC_MAX_HEADING_LEVEL = 3;

export const ROUTE_MATCH_CACHE_SIZE = 10_000;

/**
 * A file modified this recently (ms) when a build's cache read it is read again next time: a
 * second write in the same tick of the file system's clock could leave the same stat with other
 * bytes (git's racily-clean rule). Kept by the page-source memo and the compression's digests.
 */
export const RACY_FILE_MS = 2_000;

/**
 * Routes per route-chunk file. A page downloads its section's index and the one chunk holding
 * its route, so this bounds what a page loads however large the section grows (about 8 KB gzip
 * for 100 docs), and it bounds the pages whose HTML names a chunk that one edit changes.
 */
export const ROUTES_PER_CHUNK = 100;

/**
 * A sidebar with more links than this is written in parts: its outline, and the items of each
 * top-level category with a page of its own in a file of their own, loaded when the reader is
 * inside that category or opens it. Smaller sidebars (a few files' worth) stay whole.
 */
export const SIDEBAR_SPLIT_LINKS = 500;

/** Local-storage keys of the announcement bar's dismissal. */
export const ANNOUNCEMENT_DISMISSED_STORAGE_KEY = "announcement-bar.dismissed";
export const ANNOUNCEMENT_ID_STORAGE_KEY = "announcement-bar.id";

/** Preferred docs version is stored per plugin under this prefix plus the plugin id. */
export const PREFERRED_VERSION_STORAGE_PREFIX = "docs-preferred-version-";

/** Tab groups with a groupId remember the chosen tab under this prefix plus the group id. */
export const TAB_GROUP_STORAGE_PREFIX = "docs-tab-group-";

/** The docs system version the spec's site reports. */
export const DOCS_SYSTEM_VERSION = "3.8.1";

/** The id of the docs plugin instance that is the default docs section. */
export const DEFAULT_PLUGIN_ID = "default";

/** The version every docs plugin has: the content of its folder as it is now. */
export const CURRENT_VERSION_NAME = "current";

export const MOBILE_MENU_BACK_LABEL = "← Back to main menu";
/** The navbar's menu toggle: the mobile menu hands focus back to it when it closes. */
export const MOBILE_MENU_TOGGLE_ID = "navbar-menu-toggle";

/** The id the pages pseudo-section (home, search and other site pages) is filed under beside the docs plugins. */
export const PAGES_PLUGIN_ID = "__pages";

/** The admonition types `:::type` accepts; the Markdown pipeline shows any other as a note. */
export const ADMONITION_TYPES = ["note", "tip", "info", "warning", "danger", "caution", "important"] as const;
export type AdmonitionType = (typeof ADMONITION_TYPES)[number];

/** Marks the head tags a page added itself (`@docusaurus/Head`), so client navigation can find and remove them. */
export const PAGE_HEAD_ATTRIBUTE = "data-page-head";

/** The id of the JSON script holding the route record a page's HTML was rendered from (see RouteStore.knowRoute). */
export const ROUTE_RECORD_ELEMENT_ID = "__route_record";
