import { useSite } from "../../client/contexts/SiteContext";
import Link from "../Link/Link";
import "./NotFound.css";

/** Any address the site does not have: say so, and offer the ways back in. */
export default function NotFound() {
  const { config } = useSite();
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="not-found__text">We could not find what you were looking for. The page may have moved, or the address may have a typo.</p>
      <div className="not-found__actions">
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link to="/search" className="button button--secondary">
          Search the documentation
        </Link>
      </div>
      {config.sections.length > 0 && (
        <nav className="not-found__sections" aria-label="Documentation sections">
          <h2 className="not-found__subtitle">Or start from a library</h2>
          <ul className="not-found__list">
            {config.sections.map((section) => (
              <li key={section.pluginId}>
                <Link to={`${section.routeBasePath.replace(/\/$/, "")}/`}>{section.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
