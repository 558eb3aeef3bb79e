import { latestVersion, versionTarget } from "../../core/docsVersions";
import type { VersionSummary } from "../../core/types";
import { useDocsPreferredVersion } from "../DocsPreferredVersion/DocsPreferredVersionProvider";
import Link from "../Link/Link";
import "./DocVersionBanner.css";

const STATE: Record<NonNullable<VersionSummary["banner"]>, string> = {
  unreleased: "which is not released yet",
  unmaintained: "which is no longer maintained",
};

/**
 * Above a page of a version that is not the latest: says so, and links to
 * the same page in the latest version (its main doc when the page is not
 * there). Following the link makes the latest the reader's preferred version.
 */
export default function DocVersionBanner({ pluginId, version, versions, siteTitle, alternates }: {
  pluginId: string;
  version: VersionSummary;
  versions: readonly VersionSummary[];
  siteTitle: string;
  alternates?: Record<string, string>;
}) {
  const { save } = useDocsPreferredVersion();
  const latest = latestVersion(versions);
  if (!version.banner || !latest) return null;
  return (
    <div className={`doc-version-banner doc-version-banner--${version.banner}`} role="note">
      <p>
        You are reading the documentation of {siteTitle} {version.label}, {STATE[version.banner]}.
      </p>
      <p>
        For the current release, see{" "}
        <Link to={versionTarget(latest, alternates)} onClick={() => save(pluginId, latest.name)}>
          this page in the latest version
        </Link>{" "}
        ({latest.label}).
      </p>
    </div>
  );
}
