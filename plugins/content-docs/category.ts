import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import * as yaml from "js-yaml";
import { SiteError } from "../../src/node/errors";
import { memoizedYaml } from "../../src/node/yamlMemo";

/** A category's own link: a doc, or a page listing its items. https://docusaurus.io/docs/sidebar/items#category-link */
export type CategoryLinkConfig =
  | { type: "doc"; id: string }
  | { type: "generated-index"; slug?: string; title?: string; description?: string; keywords?: string[] };

export interface CategoryMetadata {
  label?: string;
  position?: number;
  collapsed?: boolean;
  collapsible?: boolean;
  className?: string;
  customProps?: Record<string, unknown>;
  /** A doc, a generated index page, or (null) no link at all. */
  link?: CategoryLinkConfig | null;
}

const NAMES = ["_category_.json", "_category_.yml", "_category_.yaml"];

/** Reads a folder's _category_ file, if any. */
export function readCategory(dir: string): CategoryMetadata | undefined {
  for (const name of NAMES) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    let data: unknown;
    try {
      data = name.endsWith(".json") ? JSON.parse(text) : memoizedYaml(text, (block) => yaml.load(block));
    } catch (error) {
      throw new SiteError(`${file}: cannot be parsed: ${(error as Error).message}`);
    }
    if (!data || typeof data !== "object") throw new SiteError(`${file}: must hold an object with label, position, collapsed, collapsible or link`);
    const category = data as CategoryMetadata;
    if (category.position !== undefined && typeof category.position !== "number") {
      throw new SiteError(`${file}: "position" must be a number (got ${JSON.stringify(category.position)})`);
    }
    if (category.label !== undefined && typeof category.label !== "string") {
      throw new SiteError(`${file}: "label" must be a string (got ${JSON.stringify(category.label)})`);
    }
    return category;
  }
  return undefined;
}
