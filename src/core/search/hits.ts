/** A matched record turned into a DocSearch-shaped hit: hierarchy, URL, highlights, snippet. */
import { SEARCH_SNIPPET_WORDS } from "./constants.ts";
import { highlight, snippet, type HighlightTags, type WordMatcher } from "./highlight.ts";
import { HEADING_OWN, headingClassOf, textClassOf, type ContentFile } from "./indexFormat.ts";
import { anchorOf, objectIdOf, type Index } from "./recordTable.ts";
import type { Hierarchy, HierarchyHighlight, HitType, SearchHit, SearchRequest } from "./types.ts";

export function emptyHighlight(): HierarchyHighlight {
  const none = () => ({ value: "", matchLevel: "none" as const, matchedWords: [] });
  return { lvl0: none(), lvl1: none(), lvl2: none(), lvl3: none(), lvl4: none(), lvl5: none(), lvl6: none() };
}

export function snippetWords(request: SearchRequest): number {
  for (const entry of request.attributesToSnippet ?? []) {
    const [attribute, count] = entry.split(":");
    if (attribute === "content" && count && /^\d+$/.test(count)) return Number(count);
  }
  return SEARCH_SNIPPET_WORDS;
}

/** What every hit of one query shares. */
export interface HitContext {
  index: Index;
  /** Per query word, per record: the best match quality (see the engine), or -1. */
  quality: readonly Int8Array[];
  matcher: WordMatcher;
  wordTerms: readonly string[];
  tags: HighlightTags;
  ellipsis: string;
  snippetSize: number;
  /** The content shard holding the record's text. */
  shard: ContentFile;
}

export function buildHit(id: number, context: HitContext): SearchHit {
  const { index, quality, matcher, wordTerms, tags, ellipsis, snippetSize, shard } = context;
  const { manifest } = index;
  const words = wordTerms;
  const pageIndex = index.recPage[id]!;
  const section = manifest.sections[index.pageSection[pageIndex]!]!;
  const level = index.recLevel[id]!;
  const hierarchy: Hierarchy = {
    lvl0: section.label,
    lvl1: index.pageTitle[pageIndex]!,
    lvl2: level === 2 ? index.recHeading[id]! : level === 3 ? index.recParent[id] ?? null : null,
    lvl3: level === 3 ? index.recHeading[id]! : null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const text = shard.c[id - shard.start] ?? "";
  const highlighted = emptyHighlight();
  for (const key of ["lvl0", "lvl1", "lvl2", "lvl3"] as const) {
    const value = hierarchy[key];
    if (value !== null) highlighted[key] = highlight(value, matcher, wordTerms, words.length, tags);
  }
  const cut = snippet(text, matcher, words.length, snippetSize, ellipsis, tags, wordTerms);
  const contentHighlight = { value: cut.value, matchLevel: cut.matchLevel, matchedWords: cut.matchedWords };

  let ownHeading = false;
  let inText = false;
  words.forEach((_, i) => {
    const q = quality[i]![id]!;
    if (q < 0) return;
    const weight = (q & 63) >> 1;
    if (headingClassOf(weight) === HEADING_OWN) ownHeading = true;
    if (textClassOf(weight) > 0) inText = true;
  });
  const type: HitType = !ownHeading && inText ? "content" : (`lvl${level}` as HitType);
  const anchor = anchorOf(index, id);
  const url = index.pageUrl[pageIndex]!;
  return {
    objectID: objectIdOf(index, id),
    url: anchor ? `${url}#${anchor}` : url,
    url_without_anchor: url,
    anchor,
    type,
    hierarchy,
    content: cut.text || null,
    language: manifest.language,
    docusaurus_tag: section.tag,
    _highlightResult: { hierarchy: highlighted, content: contentHighlight, hierarchy_camel: [highlighted] },
    _snippetResult: {
      hierarchy: highlighted,
      content: { value: cut.value, matchLevel: cut.matchLevel },
      hierarchy_camel: [highlighted],
    },
  };
}
