/**
 * The browser side of the search backends: one backend per configuration, answered through
 * window.fetch. Shared by the modal and the search page, so the index is downloaded once.
 */
import type { HostedIndex } from "../../core/search/algolia";
import { createSearchBackend } from "../../core/search/backend";
import type { SearchBackend } from "../../core/search/types";

const backends = new Map<string, SearchBackend>();

export function getSearchBackend(baseUrl: string, algolia?: HostedIndex): SearchBackend {
  const key = JSON.stringify([baseUrl, algolia?.appId, algolia?.apiKey, algolia?.indexName]);
  let backend = backends.get(key);
  if (!backend) {
    backend = createSearchBackend({
      baseUrl,
      algolia,
      fetch: (url, init) => window.fetch(url, init),
      now: () => performance.now(),
    });
    backends.set(key, backend);
  }
  return backend;
}
