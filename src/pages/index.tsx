import Link from "@docusaurus/Link";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import Layout from "@theme/Layout";
import "./index.css";

const DESCRIPTION =
  "Graphile* documents five libraries that PostGraphile and its sibling tools are built from. One lets users configure a tool by composing presets and plugins, one ships a GraphQL schema built in memory as plain JavaScript, one reads the PostgreSQL catalog into typed objects, and two generate SQL and JavaScript without opening the door to injection. Every runnable example on these pages is executed against the installed packages, and the output you see is what they printed.";

const LIBRARIES = [
  { name: "graphile-config", summary: "Presets, plugins and middleware: configure any Graphile tool by layering small, typed objects.", to: "/graphile-config/" },
  { name: "graphile-export", summary: "Write a GraphQL schema that was built at run time out as a JavaScript module that loads instantly.", to: "/graphile-export/" },
  { name: "pg-introspection", summary: "One query over PostgreSQL's system catalog, returned as typed objects you can navigate.", to: "/pg-introspection/" },
  { name: "pg-sql2", summary: "Compose SQL from tagged-template fragments; values become placeholders and identifiers are escaped.", to: "/pg-sql2/" },
  { name: "tamedevil", summary: "Build and run JavaScript code at run time from fragments, without code-injection holes.", to: "/tamedevil/" },
];

/** The trailing "*" of "Graphile*" is drawn in the accent colour. */
function Title({ text }: { text: string }) {
  if (!text.endsWith("*")) return <>{text}</>;
  return (
    <>
      {text.slice(0, -1)}
      <span className="home__title-star">*</span>
    </>
  );
}

/** Our home page: what the family is, and a card leading into each library's section. */
export default function Home() {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout>
      <div className="home">
        <header className="home__hero">
          <div className="home__hero-inner">
            <h1 className="home__title">
              <Title text={siteConfig.title} />
            </h1>
            <p className="home__tagline">{siteConfig.tagline}</p>
            <p className="home__description">{DESCRIPTION}</p>
            <div className="home__actions">
              <Link to={LIBRARIES[0].to} className="button button--primary button--large">
                Get started
              </Link>
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
            {LIBRARIES.map((library) => (
              <li key={library.name} className="home__card">
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
    </Layout>
  );
}
