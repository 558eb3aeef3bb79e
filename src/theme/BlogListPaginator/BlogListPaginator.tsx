import type { BlogPaginator } from "../../core/blog";
import Link from "../Link/Link";
import "../Paginator/Paginator.css";

/** Between list pages: newer entries before, older after; says which page this is. */
export default function BlogListPaginator({ paginator }: { paginator: BlogPaginator }) {
  if (paginator.totalPages <= 1) return null;
  return (
    <nav className="paginator" aria-label={`Blog list pages (page ${paginator.page} of ${paginator.totalPages})`}>
      {paginator.newerPermalink ? (
        <Link to={paginator.newerPermalink} className="paginator__link paginator__link--previous" rel="prev">
          <span className="paginator__title">« Newer entries</span>
        </Link>
      ) : (
        <span />
      )}
      {paginator.olderPermalink && (
        <Link to={paginator.olderPermalink} className="paginator__link paginator__link--next" rel="next">
          <span className="paginator__title">Older entries »</span>
        </Link>
      )}
    </nav>
  );
}
