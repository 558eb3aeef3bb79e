import SearchPage from "../SearchPage/SearchPage";
import { useSite } from "../../client/contexts/SiteContext";
import { latestVersion } from "../../core/docsVersions";

/** The /search route: the search page with the site's sections as its filter. */
export default function SearchRoutePage() {
  const { config } = useSite();
  return (
    <SearchPage
      baseUrl={config.baseUrl}
      sections={config.sections.map(({ pluginId, label, versions }) => ({ pluginId, label, version: versions && latestVersion(versions)?.name }))}
      algolia={config.search.algolia}
    />
  );
}
