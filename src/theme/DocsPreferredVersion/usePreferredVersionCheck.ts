import { useEffect } from "react";
import type { DocsManifest } from "../../core/types";
import { useDocsPreferredVersion } from "./DocsPreferredVersionProvider";

/** On showing a plugin's docs, reads (and so validates) the reader's stored version for it. */
export function usePreferredVersionCheck(manifest: DocsManifest): void {
  const { read } = useDocsPreferredVersion();
  useEffect(() => {
    read(manifest);
  }, [read, manifest]);
}
