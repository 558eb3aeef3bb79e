import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";
import { jsxFlowElement } from "./mdxNodes";
import { convertNpmCommands, type PackageManager } from "./npmCommands";

/** Options of `@docusaurus/remark-plugin-npm2yarn` that we follow. */
export interface Npm2YarnOptions {
  /** The tabs of every converted block share one choice (groupId "npm2yarn"). */
  sync: boolean;
  /** The tabs after npm, in order. */
  converters: PackageManager[];
}

/** The plugin's defaults since Docusaurus 3.8 (Bun was added then). */
export const NPM2YARN_DEFAULT_CONVERTERS: PackageManager[] = ["yarn", "pnpm", "bun"];

const TAB_LABELS: Record<PackageManager, string> = { yarn: "Yarn", pnpm: "pnpm", bun: "Bun" };

/**
 * A code block whose meta is exactly `npm2yarn` (```` ```bash npm2yarn ````)
 * becomes a Tabs group: npm as written, then the same commands for each
 * converter, as Docusaurus' npm2yarn plugin does. The tab code blocks keep the
 * language and lose the meta. With `sync`, every such group shares one choice.
 * https://docusaurus.io/docs/markdown-features/code-blocks#npm2yarn-remark-plugin
 */
export function remarkNpm2Yarn(options: Npm2YarnOptions | undefined) {
  return (tree: Root) => {
    if (!options) return;
    visit(tree, "code", (node: Code, index, parent) => {
      if (node.meta !== "npm2yarn" || !parent || index === undefined) return;
      const tab = (value: string, code: string, label?: string) => jsxFlowElement("TabItem", { value, label }, [{ type: "code", lang: node.lang, value: code }]);
      const tabs = jsxFlowElement("Tabs", { groupId: options.sync ? "npm2yarn" : undefined }, [
        tab("npm", node.value),
        ...options.converters.map((converter) => tab(converter, convertNpmCommands(node.value, converter), TAB_LABELS[converter])),
      ]);
      tabs.position = node.position;
      parent.children[index] = tabs;
    });
  };
}
