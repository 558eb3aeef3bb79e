import { searchPageHref } from "../../core/search/urls";
import { isPlainLeftClick } from "./linkClicks";
import { useSearchModal } from "./searchModalContext";

export interface SearchResultsFooterProps {
  state: { query: string };
}

/** The modal's "See all {count} results" link to the search page for the current query. */
export default function SearchResultsFooter({ state }: SearchResultsFooterProps) {
  const { baseUrl, hitCount, go } = useSearchModal();
  const count = hitCount(state.query);
  const href = searchPageHref(baseUrl, state.query);
  return (
    <a
      className="searchModal__seeAll"
      href={href}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        go(href);
      }}
    >
      {count === undefined ? "See all results" : `See all ${count} results`}
    </a>
  );
}
