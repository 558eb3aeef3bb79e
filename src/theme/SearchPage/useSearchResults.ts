import { useCallback, useEffect, useRef, useState } from "react";
import { SEARCH_HITS_PER_PAGE, SEARCH_LOADING_DELAY_MS } from "../../core/search/constants";
import type { FacetFilter, SearchBackend, SearchHit } from "../../core/search/types";

export type SearchStatus = "idle" | "loading" | "done" | "error";

export interface SearchResults {
  status: SearchStatus;
  /** True once a search has been pending longer than the loading delay. */
  slow: boolean;
  hits: SearchHit[];
  nbHits: number;
  /** Hits per docs tag, ignoring the section filter. */
  tagCounts?: Record<string, number>;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

interface State {
  status: SearchStatus;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  tagCounts?: Record<string, number>;
  loadingMore: boolean;
}

const IDLE: State = { status: "idle", hits: [], nbHits: 0, page: 0, nbPages: 0, loadingMore: false };

/** Results of `query` in pages of SEARCH_HITS_PER_PAGE, newest query wins. */
export function useSearchResults(getBackend: () => SearchBackend, query: string, facetFilters: FacetFilter[]): SearchResults {
  const [state, setState] = useState<State>(IDLE);
  const [attempt, setAttempt] = useState(0);
  const [slow, setSlow] = useState(false);
  const latest = useRef(0);
  const filtersKey = JSON.stringify(facetFilters);
  const active = query.trim() !== "";

  const fetchPage = useCallback(
    (page: number, append: boolean) => {
      const id = ++latest.current;
      setState((previous) => (append ? { ...previous, loadingMore: true } : { ...IDLE, status: "loading", tagCounts: previous.tagCounts }));
      getBackend()
        .search({ query, page, hitsPerPage: SEARCH_HITS_PER_PAGE, facetFilters: JSON.parse(filtersKey) as FacetFilter[] })
        .then(
          (response) => {
            if (id !== latest.current) return;
            setState((previous) => ({
              status: "done",
              hits: append ? [...previous.hits, ...response.hits] : response.hits,
              nbHits: response.nbHits,
              page: response.page,
              nbPages: response.nbPages,
              tagCounts: response.facets.docusaurus_tag ?? {},
              loadingMore: false,
            }));
          },
          () => {
            if (id !== latest.current) return;
            setState({ ...IDLE, status: "error" });
          },
        );
    },
    [getBackend, query, filtersKey],
  );

  useEffect(() => {
    if (!active) {
      latest.current++;
      setState(IDLE);
      return;
    }
    fetchPage(0, false);
  }, [active, fetchPage, attempt]);

  // The loading indicator waits SEARCH_LOADING_DELAY_MS, so fast answers do not flash it.
  const pending = state.status === "loading" || state.loadingMore;
  useEffect(() => {
    if (!pending) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SEARCH_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  return {
    status: state.status,
    slow,
    hits: state.hits,
    nbHits: state.nbHits,
    tagCounts: state.tagCounts,
    hasMore: state.status === "done" && state.hits.length < state.nbHits && state.page + 1 < state.nbPages,
    loadingMore: state.loadingMore,
    loadMore: () => {
      if (state.status === "done" && !state.loadingMore) fetchPage(state.page + 1, true);
    },
    retry: () => setAttempt((n) => n + 1),
  };
}
