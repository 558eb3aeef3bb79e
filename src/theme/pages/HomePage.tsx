import landing from "@site/docs/landing.json";
import { useSite } from "../../client/contexts/SiteContext";
import Link from "../Link/Link";
import "./HomePage.css";

interface LandingLibrary {
  id: string;
  name: string;
  summary: string;
  to: string;
}

/** A trailing "*" in the title (as in "Graphile*") is drawn in the accent colour. */
function Title({ text }: { text: string }) {
  if (!text.endsWith("*")) return <>{text}</>;
  return (
    <>
      {text.slice(0, -1)}
      <span className="home__title-star">*</span>
    </>
  );
}

/** The site home: what the family is, and a card leading into each library's section. */
export default function HomePage() {
  const { config } = useSite();
  const libraries = landing.libraries as LandingLibrary[];
  const first = libraries[0];
  return (
    <div className="home">
      <header className="home__hero">
        <div className="home__hero-inner">
          <h1 className="home__title">
            <Title text={config.title} />
          </h1>
          <p className="home__tagline">{landing.tagline || config.tagline}</p>
          {landing.description && <p className="home__description">{landing.description}</p>}
          <div className="home__actions">
            {first && (
              <Link to={first.to} className="button button--primary button--large">
                Get started
              </Link>
            )}
            <a href="#home-libraries-title" className="button button--secondary button--large">
              See all libraries
            </a>
          </div>
        </div>
      </header>
      <section className="home__libraries" aria-labelledby="home-libraries-title">
        <h2 id="home-libraries-title" className="home__section-title">
          The libraries
        </h2>
        <ul className="home__cards">
          {libraries.map((library) => (
            <li key={library.id} className="home__card">
              <h3 className="home__card-title">
                <Link to={library.to} className="home__card-link">
                  {library.name}
                </Link>
              </h3>
              <p className="home__card-summary">{library.summary}</p>
              <span className="home__card-more" aria-hidden="true">
                Read the docs <span className="home__card-arrow">→</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
