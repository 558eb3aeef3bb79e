import type { DocNavLink } from "../../core/types";
import Link from "../Link/Link";
import "./Breadcrumbs.css";

export default function Breadcrumbs({ crumbs, sectionLabel, sectionHref, title }: { crumbs: DocNavLink[]; sectionLabel: string; sectionHref: string; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol className="breadcrumbs__list">
        <li className="breadcrumbs__item">
          <Link to="/" className="breadcrumbs__link" aria-label="Home page">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 0 0-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </Link>
        </li>
        <li className="breadcrumbs__item">
          <Link to={sectionHref} className="breadcrumbs__link">
            {sectionLabel}
          </Link>
        </li>
        {crumbs.map((crumb) => (
          <li key={crumb.title} className="breadcrumbs__item">
            {crumb.permalink ? (
              <Link to={crumb.permalink} className="breadcrumbs__link">
                {crumb.title}
              </Link>
            ) : (
              <span className="breadcrumbs__link">{crumb.title}</span>
            )}
          </li>
        ))}
        <li className="breadcrumbs__item breadcrumbs__item--current" aria-current="page">
          <span className="breadcrumbs__link">{title}</span>
        </li>
      </ol>
    </nav>
  );
}
