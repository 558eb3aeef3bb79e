/**
 * A page's source without its text: what its compile key follows from (the text's hash, sourceTexts'
 * textDigest, and its markdownNames, see markdown/linkedRoutes.ts) and the text on demand. A build
 * gives its sources so (sourceTexts' unreadSource knows both of an unchanged one from earlier
 * builds): a rebuild that compiles one page of 2,000 read and hashed all 2,000 to find them in the
 * page compiler's cache (bundle/compileSource.ts).
 */
export interface UnreadSource {
  digest: string;
  markdownNames(): readonly string[];
  text(): string;
}

/** A page's source: its text, or an UnreadSource standing for it. */
export type PageSource = string | UnreadSource;
