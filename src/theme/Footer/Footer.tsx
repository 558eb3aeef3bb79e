import { isExternalUrl } from "../../core/paths";
import { withBaseUrl } from "../docusaurus/useBaseUrl";
import { useSite } from "../../client/contexts/SiteContext";
import ExternalLinkIcon from "../Link/ExternalLinkIcon";
import Link from "../Link/Link";
import "./Footer.css";

/** Link columns (the docs sections, community, more), the logo and the copyright line. */
export default function Footer() {
  const { config } = useSite();
  const { columns, logo, copyright } = config.footer;
  return (
    <footer className="footer">
      <div className="footer__inner">
        {columns.length > 0 && (
          <div className="footer__columns">
            {columns.map((column) => (
              <div key={column.title} className="footer__column">
                {column.title && <h2 className="footer__title">{column.title}</h2>}
                <ul className="footer__items">
                  {column.items.map((item, index) =>
                    "html" in item ? (
                      // The site author's markup, as Docusaurus shows a footer `html` item.
                      <li key={index} className="footer__item" dangerouslySetInnerHTML={{ __html: item.html }} />
                    ) : (
                      <li key={index} className="footer__item">
                        <Link to={item.href} className="footer__link">
                          {item.label}
                          {isExternalUrl(item.href) && <ExternalLinkIcon />}
                        </Link>
                      </li>
                    ),
                  )}
                </ul>
              </div>
            ))}
          </div>
        )}
        <div className="footer__bottom">
          {logo && (
            <Link to={logo.href ?? "/"} className="footer__logo-link">
              <img className="footer__logo" src={withBaseUrl(config.url, config.baseUrl, logo.src)} alt={logo.alt} width="44" height="44" loading="lazy" />
            </Link>
          )}
          {copyright && <p className="footer__copyright">{copyright}</p>}
        </div>
      </div>
    </footer>
  );
}
