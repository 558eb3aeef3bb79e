import landing from "@site/docs/landing.json";
import { useSite } from "../../runtime/SiteContext";
import Link from "../Link/Link";
import "./HomePage.css";

interface LandingLibrary {
  id: string;
  name: string;
  summary: string;
  to: string;
}

/** The site home: what the family is, and a card leading into each library's section. */
export default function HomePage() {
  const { config } = useSite();
  const libraries = landing.libraries as LandingLibrary[];
  return (
    <div className="home">
      <header className="home__hero">
        <h1 className="home__title">{config.title}</h1>
        <p className="home__tagline">{landing.tagline}</p>
        <p className="home__description">{landing.description}</p>
        <Link to={libraries[0]?.to ?? "/"} className="button button--primary home__cta">
          Start with {libraries[0]?.name}
        </Link>
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
                Read the docs →
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
