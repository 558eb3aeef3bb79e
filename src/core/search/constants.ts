/** Search constants the spec names, defined once and imported where used. */

/** The search widget accepts at most this many characters of query text. */
export const SEARCH_QUERY_MAX_LENGTH = 64;

/** Hits shown per page of results (the modal's request size and the search page's page size). */
export const SEARCH_HITS_PER_PAGE = 20;

/** A loading indicator appears only when results take longer than this. */
export const SEARCH_LOADING_DELAY_MS = 200;

/** The search page's route path (without slashes) and its query parameter. */
export const SEARCH_PAGE_PATH = "search";
export const SEARCH_QUERY_PARAM = "q";

/** The locale every record is filed under (the site has one locale). */
export const SEARCH_LANGUAGE = "en";

/** Facet attribute names, as the hosted DocSearch records use them. */
export const LANGUAGE_FACET = "language";
export const DOCS_TAG_FACET = "docusaurus_tag";

/** The docs-tag facet value of a docs plugin's version (defined with the page head's, in src/core/docsTag.ts). */
export { docsTagFor } from "../docsTag.ts";

/** Where the build writes the local index, relative to the build folder (and the site's base URL). */
export const SEARCH_INDEX_DIR = "search-index";
/** The one index file with a fixed name: it names every other (content-hashed) file. */
export const SEARCH_MANIFEST_FILE = `${SEARCH_INDEX_DIR}/manifest.json`;
/** Bumped whenever the index file format changes. */
export const SEARCH_INDEX_FORMAT_VERSION = 2;
/**
 * A series of index files is named by at most this many hashes, each shared by a block of
 * neighbouring files: an edit renames only its block's files, so a rebuild links the rest from the
 * last output (one hash per series renamed all 1,600 files of this site's index for one changed
 * word), and the manifest a first query reads stays the same size however large the site grows.
 */
export const SEARCH_MAX_HASHES = 32;

/** The index name the modal keys its recent and favourite searches by (local storage) in local mode. */
export const LOCAL_SEARCH_INDEX_NAME = "docs";

/** Words of at least this length tolerate one typo. */
export const SEARCH_MIN_WORD_LENGTH_FOR_TYPO = 4;

/** A query prefix expands to at most this many dictionary words (the most frequent ones). */
export const SEARCH_MAX_PREFIX_EXPANSIONS = 40;

/** Words around the match that a content snippet shows, unless the request asks otherwise. */
export const SEARCH_SNIPPET_WORDS = 15;

/** Query words beyond this count are ignored. */
export const SEARCH_MAX_QUERY_WORDS = 12;

/** On the search page, edits closer together than this share one history entry (typing a word
 * does not fill the back button with single letters; a pause starts a new entry). */
export const SEARCH_HISTORY_PAUSE_MS = 1000;
