import { useSite } from "../../client/contexts/SiteContext";
import { sectionEntry } from "../../core/docsVersions";
import Link from "../Link/Link";
import "./HomePage.css";


/**
 * The home page of a site without a `src/pages/index.*` of its own: the site's
 * title and tagline, and a link into each docs section.
 */
export default function HomePage() {
  const { config } = useSite();
  return (
    <div className="default-home">
      <header className="default-home__hero">
        <h1 className="default-home__title">{config.title}</h1>
        {config.tagline && <p className="default-home__tagline">{config.tagline}</p>}
      </header>
      <nav className="default-home__sections" aria-label="Documentation sections">
        <ul>
          {config.sections.map((section) => (
            <li key={section.pluginId}>
              <Link to={sectionEntry(section)} className="default-home__section">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
