import type { DocNavLink } from "../../core/types";
import Link from "../Link/Link";
import "../Paginator/Paginator.css";

/** Under a post: the newer post before, the older after. */
export default function BlogPostPaginator({ newer, older }: { newer?: DocNavLink; older?: DocNavLink }) {
  if (!newer && !older) return null;
  return (
    <nav className="paginator" aria-label="Blog post page navigation">
      {newer ? (
        <Link to={newer.permalink} className="paginator__link paginator__link--previous" rel="prev">
          <span className="paginator__label">Newer post</span>
          <span className="paginator__title">« {newer.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {older && (
        <Link to={older.permalink} className="paginator__link paginator__link--next" rel="next">
          <span className="paginator__label">Older post</span>
          <span className="paginator__title">{older.title} »</span>
        </Link>
      )}
    </nav>
  );
}
