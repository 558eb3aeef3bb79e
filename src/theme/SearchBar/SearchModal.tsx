/**
 * The search modal: @docsearch/react's modal UI wired to our backend. Loaded on first use (or
 * on hover/focus of the search button) by SearchBar, never in the first page load.
 */
import { DocSearchModal } from "@docsearch/react";
import "@docsearch/css/dist/_variables.css";
import "@docsearch/css/dist/modal.css";
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { createPortal } from "react-dom";
import { useSite } from "../../client/contexts/SiteContext";
import type { AlgoliaConfig } from "../../core/types";
import { MODAL_HITS_PER_SECTION, contextualParams, isAlgoliaConfigured } from "../../core/search/backend";
import { LOCAL_SEARCH_INDEX_NAME } from "../../core/search/constants";
import { createDocSearchClient, escapeHitForModal, wrapHostedClient, type ClientHooks, type DocSearchLikeClient } from "../../core/search/docsearchClient";
import type { SearchHit as Hit } from "../../core/search/types";
import { HIT_OPTION_ATTRIBUTES, patchModalAccessibility } from "./modalA11y";
import { makeLocalStorageReadable } from "./readableStorage";
import { getSearchBackend } from "./searchBackend";
import SearchErrorScreen from "./SearchErrorScreen";
import SearchHit from "./SearchHit";
import { SearchModalContext, type SearchModalContextValue } from "./searchModalContext";
import SearchResultsFooter from "./SearchResultsFooter";
import "./SearchModal.css";

export interface SearchModalProps {
  baseUrl: string;
  currentDocsTag?: string;
  algolia?: AlgoliaConfig;
  /** Text to start with (a key typed on the focused search button). */
  initialQuery?: string;
  onClose(): void;
}

type ModalProps = ComponentProps<typeof DocSearchModal>;

const translations: ModalProps["translations"] = {
  searchBox: {
    searchInputLabel: "Search",
    resetButtonTitle: "Clear",
    resetButtonAriaLabel: "Clear the query",
    cancelButtonText: "Cancel",
    cancelButtonAriaLabel: "Cancel",
  },
  startScreen: {
    recentSearchesTitle: "Recent",
    noRecentSearchesText: "No recent searches",
    saveRecentSearchButtonTitle: "Save this search",
    removeRecentSearchButtonTitle: "Remove this search from history",
    favoriteSearchesTitle: "Favorite",
    removeFavoriteSearchButtonTitle: "Remove this search from favorites",
  },
  errorScreen: {
    titleText: "Unable to fetch results",
    helpText: "You might want to check your network connection.",
  },
  noResultsScreen: {
    noResultsText: "No results for",
    suggestedQueryText: "Try searching for",
    reportMissingResultsText: "Believe this query should return results?",
    reportMissingResultsLinkText: "Let us know.",
  },
  footer: {
    selectText: "to select",
    selectKeyAriaLabel: "Enter key",
    navigateText: "to navigate",
    navigateUpKeyAriaLabel: "Arrow up",
    navigateDownKeyAriaLabel: "Arrow down",
    closeText: "to close",
    closeKeyAriaLabel: "Escape key",
    searchByText: "Search by",
  },
};

function escapeHits(items: Hit[]): Hit[] {
  return items.map(escapeHitForModal);
}


export default function SearchModal({ baseUrl, currentDocsTag, algolia, initialQuery, onClose }: SearchModalProps) {
  const { navigate, storage } = useSite();
  // Before DocSearch's first render, which reads browser storage itself.
  useState(() => makeLocalStorageReadable(storage));
  const hosted = isAlgoliaConfigured(algolia) ? algolia : undefined;
  const counts = useRef(new Map<string, number>());
  const params = useRef(contextualParams(currentDocsTag, hosted));
  params.current = contextualParams(currentDocsTag, hosted);
  const close = useRef(onClose);
  close.current = onClose;
  const [initialScrollY] = useState(() => window.scrollY);
  const wrapper = useRef<HTMLDivElement>(null);
  // The query whose search failed, while it is still the one in the box.
  const [failedQuery, setFailedQuery] = useState<string | null>(null);
  const typed = useRef(initialQuery ?? "");
  const [dropdown, setDropdown] = useState<Element | null>(null);

  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    // A new query hides the error screen of the last one. The state changes after the event has
    // been handled: re-rendering in the middle of it would reset the modal's controlled input.
    const clearStale = () => setTimeout(() => setFailedQuery((failed) => (failed === typed.current ? failed : null)), 0);
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (target?.classList.contains("DocSearch-Input")) {
        typed.current = target.value;
        clearStale();
      }
    };
    // The error screen goes into DocSearch's results area, which comes and goes with the query.
    const update = () => {
      setDropdown(root.querySelector(".DocSearch-Dropdown"));
      patchModalAccessibility(root);
    };
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: HIT_OPTION_ATTRIBUTES });
    update();
    const onReset = () => {
      typed.current = "";
      clearStale();
    };
    root.addEventListener("input", onInput, true);
    root.addEventListener("reset", onReset, true);
    return () => {
      observer.disconnect();
      root.removeEventListener("input", onInput, true);
      root.removeEventListener("reset", onReset, true);
    };
  }, []);

  const hostedKey = hosted ? `${hosted.appId}\u0000${hosted.apiKey}\u0000${hosted.indexName}` : "";
  const transformSearchClient = useCallback(
    (client: DocSearchLikeClient): DocSearchLikeClient => {
      const hooks: ClientHooks = {
        extraParams: () => (hosted ? params.current : { ...params.current, maxHitsPerSection: MODAL_HITS_PER_SECTION }),
        onResponse: (query, response) => counts.current.set(query, response.nbHits),
        onError: (query) => {
          if (query === typed.current) setFailedQuery(query);
        },
      };
      return hosted ? wrapHostedClient(client, hooks) : createDocSearchClient(getSearchBackend(baseUrl), hooks);
    },
    // The hosted settings are compared by value (hostedKey), not by object identity.
    [baseUrl, hostedKey],
  );

  const context = useMemo<SearchModalContextValue>(
    () => ({
      baseUrl,
      hitCount: (query) => counts.current.get(query),
      go: (to) => {
        close.current();
        navigate(to);
      },
    }),
    [baseUrl, navigate],
  );

  const navigator = useMemo<NonNullable<ModalProps["navigator"]>>(
    () => ({
      navigate: ({ itemUrl }) => context.go(itemUrl),
      navigateNewTab: ({ itemUrl }) => void window.open(itemUrl, "_blank", "noopener"),
      navigateNewWindow: ({ itemUrl }) => void window.open(itemUrl, "_blank", "noopener"),
    }),
    [context],
  );

  return createPortal(
    <SearchModalContext.Provider value={context}>
      <div
        ref={wrapper}
        className={["searchModal", hosted ? "" : "searchModal--local", failedQuery !== null ? "searchModal--errored" : ""].filter(Boolean).join(" ")}
      >
        <DocSearchModal
          appId={hosted?.appId ?? "local"}
          apiKey={hosted?.apiKey ?? "local"}
          indexName={hosted?.indexName ?? LOCAL_SEARCH_INDEX_NAME}
          placeholder="Search docs"
          initialQuery={initialQuery}
          initialScrollY={initialScrollY}
          onClose={onClose}
          transformSearchClient={transformSearchClient as unknown as ModalProps["transformSearchClient"]}
          transformItems={escapeHits as unknown as ModalProps["transformItems"]}
          hitComponent={SearchHit as unknown as ModalProps["hitComponent"]}
          resultsFooterComponent={SearchResultsFooter as unknown as ModalProps["resultsFooterComponent"]}
          navigator={navigator}
          translations={translations}
        />
        {failedQuery !== null && dropdown && createPortal(<SearchErrorScreen />, dropdown)}
      </div>
    </SearchModalContext.Provider>,
    document.body,
  );
}
