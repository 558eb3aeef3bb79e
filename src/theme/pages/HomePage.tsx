import { useSite } from "../../client/contexts/SiteContext";
import type { SectionSummary } from "../../core/types";
import Link from "../Link/Link";
import "./HomePage.css";

/** Where a section starts: its latest version's main doc (a section need not have a page at its base path). */
function sectionEntry(section: SectionSummary): string {
  const latest = section.versions?.find((version) => version.isLast) ?? section.versions?.[0];
  return latest?.mainDocPath ?? section.routeBasePath;
}

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
