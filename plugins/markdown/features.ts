import type { PluggableList } from "unified";
import type { Diagnostic } from "../errors";

export interface FeatureContext {
  file: string;
  /** Warnings are collected and printed by the build, never thrown. */
  warn(diagnostic: Diagnostic): void;
  prism: { additionalLanguages: string[] };
}

/**
 * The authoring features layered on plain MDX (admonitions, highlighted code
 * blocks, tabs, details …). Each lives in its own file beside this one; this
 * list is the one place that decides their order.
 */
export function markdownFeatures(_context: FeatureContext): { remarkPlugins: PluggableList; rehypePlugins: PluggableList } {
  return { remarkPlugins: [], rehypePlugins: [] };
}
