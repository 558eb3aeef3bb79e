import SearchPage from "../SearchPage/SearchPage";
import { useSite } from "../../client/contexts/SiteContext";

/** The /search route: the search page with the site's sections as its filter. */
export default function SearchRoutePage() {
  const { config } = useSite();
  return (
    <SearchPage
      baseUrl={config.baseUrl}
      sections={config.sections.map(({ pluginId, label }) => ({ pluginId, label }))}
      algolia={config.search.algolia}
    />
  );
}
