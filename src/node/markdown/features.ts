import type { PluggableList } from "unified";
import type { FeatureContext } from "./featureContext";
import { remarkAdmonitions } from "./admonitions";
import { remarkCheckAnchors } from "./anchors";
import { remarkCodeBlocks } from "./codeBlocks";
import { remarkDetails } from "./details";
import { remarkImages } from "./images";
import { remarkMermaid } from "./mermaid";
import { remarkNpm2Yarn } from "./npm2yarn";
import { remarkCheckJsxComponents } from "./jsxComponents";
import { remarkCheckTabs } from "./tabs";
import { rehypeTaskListLabels } from "./taskLists";

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
      // Before code blocks are highlighted: its tabs hold code blocks.
      [remarkNpm2Yarn, context.npm2yarn],
      [remarkAdmonitions, context],
      [remarkCodeBlocks, context],
      remarkDetails,
      [remarkCheckTabs, context],
      [remarkImages, context],
      // After every plugin that creates components.
      [remarkCheckJsxComponents, { extraNames: context.mdxComponentNames }],
      [remarkCheckAnchors, context],
    ],
    rehypePlugins: [rehypeTaskListLabels],
  };
}
