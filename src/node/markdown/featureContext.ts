import type { Diagnostic } from "../errors";
import type { Npm2YarnOptions } from "./npm2yarn";

/** What every Markdown feature is given: the file, where to send warnings, the code-block settings. */
export interface FeatureContext {
  file: string;
  /** The folder holding site.config.ts (for /static image paths), when known. */
  siteDir?: string;
  /** Warnings are collected and printed by the build, never thrown. */
  warn(diagnostic: Diagnostic): void;
  /** ```mermaid fences become diagrams (a Docusaurus site with `markdown.mermaid`). */
  mermaid?: boolean;
  /** Packages the site's playground can load: doc-test examples importing only these get "Try it". */
  playgroundPackages?: readonly string[];
  /**
   * Highlighted code goes to the page's deferred-HTML module instead of its
   * chunk (production route pages; see src/client/deferredHtml.ts).
   */
  deferHtml?: boolean;
  /** ```bash npm2yarn blocks become npm/Yarn/pnpm/Bun tabs (a Docusaurus site listing the npm2yarn remark plugin). */
  npm2yarn?: Npm2YarnOptions;
  /** The names the site's swizzled MDXComponents makes global (siteMdxComponents). */
  mdxComponentNames: readonly string[];
  prism: {
    additionalLanguages: string[];
    /** Absolute path of the code-theme stylesheet pages with code import. */
    themeStylesheet?: string;
  };
}
