import type { VersionSummary } from "../../core/types";
import "./DocVersionBadge.css";

/** "Version: 2.0" above the article, for versions that show a badge. */
export default function DocVersionBadge({ version }: { version: VersionSummary }) {
  if (!version.badge) return null;
  return <span className="doc-version-badge">Version: {version.label}</span>;
}
