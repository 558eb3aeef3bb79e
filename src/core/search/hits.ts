/** A matched record turned into a DocSearch-shaped hit: hierarchy, URL, highlights, snippet. */
import { SEARCH_SNIPPET_WORDS } from "./constants.ts";
import { highlight, snippet, startSnippet, type HighlightTags, type Snippet, type SnippetOptions, type WordMatcher } from "./highlight.ts";
import { HEADING_OWN, headingClassOf, textClassOf, type HitRow } from "./indexFormat.ts";
import { anchorOfRow, objectIdOfRow, type Index } from "./recordTable.ts";
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
}

function snippetOptions(context: HitContext): SnippetOptions {
  const { matcher, wordTerms, tags, ellipsis, snippetSize } = context;
  return { matcher, required: wordTerms.length, words: snippetSize, ellipsis, tags, queryWords: wordTerms };
}

/**
 * The snippet of a record from the start of its text, or null when the rest could change it.
 * `present`: how many distinct query words its whole text holds, or null if the index cannot tell.
 */
export function leadSnippet(row: HitRow, present: number | null, context: HitContext): Snippet | null {
  const options = snippetOptions(context);
  if (row[8] === 0) return textSnippet(row[7], context);
  return startSnippet(row[7], present ?? options.required, options);
}

/** The snippet of a record from its whole text. */
export function textSnippet(text: string, context: HitContext): Snippet {
  const { matcher, required, words, ellipsis, tags, queryWords } = snippetOptions(context);
  return snippet(text, matcher, required, words, ellipsis, tags, queryWords);
}

export function buildHit(id: number, row: HitRow, cut: Snippet, context: HitContext): SearchHit {
  const { index, quality, matcher, wordTerms, tags } = context;
  const { manifest } = index;
  const words = wordTerms;
  const section = manifest.sections[index.recSection[id]!]!;
  const [url, title, level, heading, parent] = row;
  const hierarchy: Hierarchy = {
    lvl0: section.label,
    lvl1: title,
    lvl2: level === 2 ? heading : level === 3 ? parent || null : null,
    lvl3: level === 3 ? heading : null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const highlighted = emptyHighlight();
  for (const key of ["lvl0", "lvl1", "lvl2", "lvl3"] as const) {
    const value = hierarchy[key];
    if (value !== null) highlighted[key] = highlight(value, matcher, wordTerms, words.length, tags);
  }
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
  const anchor = anchorOfRow(row);
  return {
    objectID: objectIdOfRow(row),
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
