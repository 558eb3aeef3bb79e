import { withBaseUrl } from "../docusaurus/useBaseUrl";
import { useSite } from "../../client/contexts/SiteContext";
import Link from "../Link/Link";

/** The logo and site title, linking home. A dark-mode logo, when configured, replaces the light one in dark mode. */
export default function NavbarBrand() {
  const { config } = useSite();
  const { logo, title } = config.navbar;
  return (
    <Link to="/" className="navbar__brand" aria-label={title ? undefined : logo?.alt}>
      {logo && (
        <>
          <img className={`navbar__logo${logo.srcDark ? " navbar__logo--light" : ""}`} src={withBaseUrl(config.url, config.baseUrl, logo.src)} alt="" width="32" height="32" />
          {logo.srcDark && <img className="navbar__logo navbar__logo--dark" src={withBaseUrl(config.url, config.baseUrl, logo.srcDark)} alt="" width="32" height="32" />}
        </>
      )}
      {title && <span className="navbar__title">{title}</span>}
    </Link>
  );
}
