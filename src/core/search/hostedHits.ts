/**
 * Hits of the hosted index made to look like the local engine's: URLs turned into this site's
 * paths, highlight values escaped HTML with only the highlight tags as markup. Apart from the
 * hosted backend (algolia.ts), so the modal's adapter for a hosted client can use it without
 * loading that backend on sites that search locally.
 */
import { escapeHtml } from "./highlight.ts";
import type { SearchHit } from "./types.ts";
import { toSitePath } from "./urls.ts";

/** Markers asked of the service and replaced after escaping; they cannot occur in real text. */
const PRE = "\u0001hl\u0002";
const POST = "\u0001/hl\u0002";

/** Escapes a value that came back with the marker tags, then puts the real highlight tags in. */
export function escapeMarked(value: unknown, pre: string, post: string): string {
  if (typeof value !== "string") return "";
  return value
    .split(PRE)
    .map((part, i) => {
      if (i === 0) return escapeHtml(part.split(POST).join(""));
      const end = part.indexOf(POST);
      if (end < 0) return escapeHtml(part);
      return pre + escapeHtml(part.slice(0, end)) + post + escapeHtml(part.slice(end + POST.length).split(POST).join(""));
    })
    .join("");
}

function cleanHighlights(tree: unknown, pre: string, post: string): unknown {
  if (Array.isArray(tree)) return tree.map((item) => cleanHighlights(item, pre, post));
  if (!tree || typeof tree !== "object") return tree;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = key === "value" ? escapeMarked(value, pre, post) : cleanHighlights(value, pre, post);
  }
  return out;
}

/**
 * A hit of the hosted index made safe and local: site paths instead of absolute URLs, and
 * highlight/snippet values as escaped HTML whose only markup is `pre`/`post`. Expects values
 * highlighted with this module's marker tags (see `markerTags`).
 */
export function localizeHostedHit(raw: Record<string, unknown>, pre = "<mark>", post = "</mark>"): SearchHit {
  const hit = { ...raw } as Record<string, unknown>;
  if (typeof hit.url === "string") hit.url = toSitePath(hit.url);
  if (typeof hit.url_without_anchor === "string") hit.url_without_anchor = toSitePath(hit.url_without_anchor);
  if (hit._highlightResult) hit._highlightResult = cleanHighlights(hit._highlightResult, pre, post);
  if (hit._snippetResult) hit._snippetResult = cleanHighlights(hit._snippetResult, pre, post);
  return hit as unknown as SearchHit;
}

/** The tags to ask the hosted service for, so `localizeHostedHit` can escape around them. */
export const markerTags = { highlightPreTag: PRE, highlightPostTag: POST } as const;

