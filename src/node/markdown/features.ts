import type { PluggableList } from "unified";
import type { Diagnostic } from "../errors";
import { remarkAdmonitions } from "./admonitions";
import { remarkCheckAnchors } from "./anchors";
import { remarkCodeBlocks } from "./codeBlocks";
import { remarkDetails } from "./details";
import { remarkImages } from "./images";
import { remarkMermaid } from "./mermaid";
import { swizzledComponentNames } from "./swizzledComponents";
import { remarkCheckJsxComponents } from "./jsxComponents";
import { remarkCheckTabs } from "./tabs";
import { rehypeTaskListLabels } from "./taskLists";

export interface FeatureContext {
  file: string;
  /** The folder holding site.config.ts (for /static image paths), when known. */
  siteDir?: string;
  /** Warnings are collected and printed by the build, never thrown. */
  warn(diagnostic: Diagnostic): void;
  /** ```mermaid fences become diagrams (a Docusaurus site with `markdown.mermaid`). */
  mermaid?: boolean;
  prism: {
    additionalLanguages: string[];
    /** Absolute path of the code-theme stylesheet pages with code import. */
    themeStylesheet?: string;
  };
}

/**
 * The authoring features layered on plain MDX (admonitions, highlighted code
 * blocks, tabs, details …). Each lives in its own file beside this one; this
 * list is the one place that decides their order. (directives.ts, which
 * gives prose colons back, runs in compile.ts before headings are read.)
 */
export function markdownFeatures(context: FeatureContext): { remarkPlugins: PluggableList; rehypePlugins: PluggableList } {
  return {
    remarkPlugins: [
      [remarkMermaid, { enabled: context.mermaid === true }],
      [remarkAdmonitions, context],
      [remarkCodeBlocks, context],
      remarkDetails,
      [remarkCheckTabs, context],
      [remarkImages, context],
      // After every plugin that creates components.
      [remarkCheckJsxComponents, { extraNames: swizzledComponentNames(context.siteDir) }],
      [remarkCheckAnchors, context],
    ],
    rehypePlugins: [rehypeTaskListLabels],
  };
}
