import { addBaseUrl, isExternalUrl } from "../../core/paths";
import { useSite } from "../../client/contexts/SiteContext";
import type { SearchHit } from "../../core/search/types";
import { isPlainLeftClick } from "../SearchBar/linkClicks";
import HighlightedText from "./HighlightedText";
import "./SearchResultItem.css";

export interface SearchResultItemProps {
  hit: SearchHit;
}

const TRAIL = ["lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;

/** One hit of the search page: its page and headings as a link, its section, and a snippet. */
export default function SearchResultItem({ hit }: SearchResultItemProps) {
  const { navigate, config } = useSite();
  const trail = TRAIL.filter((level) => hit.hierarchy[level]);
  const highlight = hit._highlightResult?.hierarchy;
  const snippet = hit._snippetResult?.content?.value;
  return (
    <li className="searchResult">
      <h2 className="searchResult__title">
        <a
          className="searchResult__link"
          href={isExternalUrl(hit.url) ? hit.url : addBaseUrl(hit.url, config.baseUrl)}
          onClick={(event) => {
            if (!isPlainLeftClick(event)) return;
            event.preventDefault();
            navigate(hit.url);
          }}
        >
          {trail.map((level, i) => (
            <span key={level} className="searchResult__crumb">
              {i > 0 && (
                <span className="searchResult__separator" aria-hidden="true">
                  {" › "}
                </span>
              )}
              {highlight?.[level]?.value ? <HighlightedText value={highlight[level].value} /> : hit.hierarchy[level]}
            </span>
          ))}
        </a>
      </h2>
      <p className="searchResult__section">{hit.hierarchy.lvl0}</p>
      {snippet ? (
        <p className="searchResult__snippet">
          <HighlightedText value={snippet} />
        </p>
      ) : null}
    </li>
  );
}
