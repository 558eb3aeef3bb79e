import SearchPage from "../SearchPage/SearchPage";
import { useSite } from "../../client/contexts/SiteContext";
import { latestVersion, sectionEntry } from "../../core/docsVersions";

/** The /search route: the search page with the site's sections as its filter. */
export default function SearchRoutePage() {
  const { config } = useSite();
  return (
    <SearchPage
      baseUrl={config.baseUrl}
      sections={config.sections.map((section) => ({
        pluginId: section.pluginId,
        label: section.label,
        version: section.versions && latestVersion(section.versions)?.name,
        entry: sectionEntry(section),
      }))}
      algolia={config.search.algolia}
    />
  );
}
