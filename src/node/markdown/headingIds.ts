import GithubSlugger from "github-slugger";

/** An explicit id at the end of a heading, `{#id}` (or `\{#id\}` as written in MDX source). */
export const EXPLICIT_HEADING_ID = /\s*\\?\{#([^}\s]+?)\\?\}\s*$/;

/**
 * The ids of one page's headings, in page order: the explicit id when there
 * is one, else a GitHub-style slug of the text, numbered when repeated.
 * Explicit ids count as taken, so a later heading with the same text gets `-1`.
 * Both the heading ids themselves and the cross-file anchor check use this.
 */
export function headingIds(): (text: string, explicitId?: string) => string {
  const slugger = new GithubSlugger();
  return (text, explicitId) => {
    if (explicitId === undefined) return slugger.slug(text);
    slugger.slug(explicitId);
    return explicitId;
  };
}
