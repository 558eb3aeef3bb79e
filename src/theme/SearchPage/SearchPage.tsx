/**
 * The search page (/search?q=…): a query box bound to the q parameter, the hit count, a section
 * filter, 20 hits at a time with "Load more", and the same no-results and error states as the
 * modal. Rendered inside the site layout (which provides <main>).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "../../client/router";
import type { AlgoliaConfig } from "../../core/types";
import {
  DOCS_TAG_FACET,
  LANGUAGE_FACET,
  SEARCH_HISTORY_PAUSE_MS,
  SEARCH_LANGUAGE,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_PARAM,
  docsTagFor,
} from "../../core/search/constants";
import type { FacetFilter } from "../../core/search/types";
import { searchPagePath } from "../../core/search/urls";
import { getSearchBackend } from "../SearchBar/searchBackend";
import SearchResultItem from "./SearchResultItem";
import SearchSectionFilter from "./SearchSectionFilter";
import { useSearchResults } from "./useSearchResults";
import Link from "../Link/Link";
import "./SearchPage.css";

export interface SearchPageProps {
  baseUrl: string;
  /** The docs sections, for the section filter. */
  /** The sections to filter by; a versioned plugin's filter is its given version (default "current"). */
  sections: { pluginId: string; label: string; version?: string; /** Where the section starts. */ entry: string }[];
  /** A hosted index, used instead of the local one when configured. */
  algolia?: AlgoliaConfig;
}

function resultCount(count: number): string {
  return count === 1 ? "1 result" : `${count} results`;
}

export default function SearchPage({ baseUrl, sections, algolia }: SearchPageProps) {
  const [params, setParams] = useSearchParams();
  // The page is prerendered without a query: the first render in the browser must match it, so
  // the query from the address is read once the page has hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const urlQuery = hydrated ? (params.get(SEARCH_QUERY_PARAM) ?? "").slice(0, SEARCH_QUERY_MAX_LENGTH) : "";
  const [text, setText] = useState(urlQuery);
  const [tag, setTag] = useState("");
  const lastEdit = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // Back and forward change the address: the box follows it.
  useEffect(() => {
    setText((current) => (current === urlQuery ? current : urlQuery));
  }, [urlQuery]);

  // Arriving with nothing to search for, the reader will type: give the box focus.
  useEffect(() => {
    if (!params.get(SEARCH_QUERY_PARAM)) input.current?.focus();
    // Only on arrival.
  }, []);

  const onQueryChange = (value: string) => {
    const query = value.slice(0, SEARCH_QUERY_MAX_LENGTH);
    setText(query);
    const now = Date.now();
    const replace = now - lastEdit.current < SEARCH_HISTORY_PAUSE_MS;
    lastEdit.current = now;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (query) next.set(SEARCH_QUERY_PARAM, query);
        else next.delete(SEARCH_QUERY_PARAM);
        return next;
      },
      { replace },
    );
  };

  const sectionOptions = useMemo(() => sections.map((section) => ({ tag: docsTagFor(section.pluginId, section.version), label: section.label })), [sections]);
  const facetFilters = useMemo<FacetFilter[]>(
    () => [`${LANGUAGE_FACET}:${SEARCH_LANGUAGE}`, ...(tag ? [`${DOCS_TAG_FACET}:${tag}`] : [])],
    [tag],
  );
  const appId = algolia?.appId;
  const apiKey = algolia?.apiKey;
  const indexName = algolia?.indexName;
  const getBackend = useCallback(
    () => getSearchBackend(baseUrl, appId && apiKey && indexName ? { appId, apiKey, indexName } : undefined),
    [baseUrl, appId, apiKey, indexName],
  );
  const results = useSearchResults(getBackend, urlQuery, facetFilters);
  const hasQuery = urlQuery.trim() !== "";

  return (
    <div className="searchPage">
      <h1 className="searchPage__title">{hasQuery ? `Search results for "${urlQuery}"` : "Search the documentation"}</h1>

      <form
        className="searchPage__form"
        role="search"
        action={searchPagePath(baseUrl)}
        method="get"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="searchPage__visuallyHidden" htmlFor={inputId}>
          Search the documentation
        </label>
        <input
          ref={input}
          id={inputId}
          className="searchPage__input"
          type="search"
          name={SEARCH_QUERY_PARAM}
          value={text}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Search docs"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => onQueryChange(event.target.value)}
        />
        {sectionOptions.length > 1 && <SearchSectionFilter sections={sectionOptions} value={tag} counts={hasQuery ? results.tagCounts : undefined} onChange={setTag} />}
      </form>

      {/* The search runs in the browser: without JavaScript, say so and offer the sections to browse. */}
      <noscript>
        <div className="searchPage__nojs">
          <p>Searching needs JavaScript, which is off in this browser. The documentation reads fine without it: start from a section.</p>
          <ul>
            {sections.map((section) => (
              <li key={section.pluginId}>
                <Link to={section.entry}>{section.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </noscript>

      <div className="searchPage__status" role="status" aria-live="polite">
        {hasQuery && results.status === "loading" && results.slow && <p className="searchPage__loading">Loading…</p>}
        {hasQuery && results.status === "done" && results.nbHits > 0 && <p className="searchPage__count">{resultCount(results.nbHits)}</p>}
        {hasQuery && results.status === "done" && results.nbHits === 0 && (
          <p className="searchPage__empty">
            No results for &quot;<strong>{urlQuery}</strong>&quot;
          </p>
        )}
      </div>

      {hasQuery && results.status === "error" && (
        <div className="searchPage__error" role="alert">
          <p className="searchPage__errorTitle">Unable to fetch results</p>
          <p className="searchPage__errorHelp">You might want to check your network connection.</p>
          <button type="button" className="searchPage__button" onClick={results.retry}>
            Try again
          </button>
        </div>
      )}

      {results.hits.length > 0 && (
        <ol className="searchPage__results" aria-label="Search results">
          {results.hits.map((hit) => (
            <SearchResultItem key={hit.objectID} hit={hit} />
          ))}
        </ol>
      )}

      {results.hasMore && (
        <div className="searchPage__more">
          <button type="button" className="searchPage__button" onClick={results.loadMore} disabled={results.loadingMore}>
            {results.loadingMore && results.slow ? "Loading…" : "Load more results"}
          </button>
        </div>
      )}
    </div>
  );
}
