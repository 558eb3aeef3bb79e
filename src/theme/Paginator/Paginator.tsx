import type { DocNavLink } from "../../core/types";
import Link from "../Link/Link";
import "./Paginator.css";

export default function Paginator({ previous, next }: { previous?: DocNavLink; next?: DocNavLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="paginator" aria-label="Docs pages">
      {previous ? (
        <Link to={previous.permalink} className="paginator__link paginator__link--previous">
          <span className="paginator__label">Previous</span>
          <span className="paginator__title">« {previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={next.permalink} className="paginator__link paginator__link--next">
          <span className="paginator__label">Next</span>
          <span className="paginator__title">{next.title} »</span>
        </Link>
      )}
    </nav>
  );
}
