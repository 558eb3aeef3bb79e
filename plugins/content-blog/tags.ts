import { existsSync, readFileSync } from "node:fs";
import * as yaml from "js-yaml";
import GithubSlugger from "github-slugger";
import { joinUrl } from "../../src/core/paths";
import type { BlogTag } from "../../src/core/blog";
import { SiteError } from "../../src/node/errors";

/** tags.yml: key → the tag's label, permalink and description. */
export function readTagsFile(file: string, tagsBase: string): Map<string, BlogTag> {
  const tags = new Map<string, BlogTag>();
  if (!existsSync(file)) return tags;
  let data: unknown;
  try {
    data = yaml.load(readFileSync(file, "utf8"));
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    throw new SiteError(`${file}:${mark ? mark.line + 1 : 1}: invalid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message}`);
  }
  if (data === undefined || data === null) return tags;
  if (typeof data !== "object" || Array.isArray(data)) throw new SiteError(`${file}: must map tag keys to tags, e.g. "release:\\n  label: Release"`);
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const entry = (value ?? {}) as Record<string, unknown>;
    if (typeof entry !== "object" || Array.isArray(entry)) throw new SiteError(`${file}: tag "${key}" must be a mapping with "label", "permalink" and "description" (each optional)`);
    for (const field of ["label", "permalink", "description"]) {
      if (entry[field] !== undefined && typeof entry[field] !== "string") throw new SiteError(`${file}: tag "${key}": "${field}" must be a string (got ${JSON.stringify(entry[field])})`);
    }
    const tag: BlogTag = { label: (entry.label as string | undefined) ?? key, permalink: joinUrl(tagsBase, (entry.permalink as string | undefined) ?? new GithubSlugger().slug(key)) };
    if (entry.description) tag.description = entry.description as string;
    tags.set(key, tag);
  }
  return tags;
}

/** A post's tag: the tags.yml entry of that key, or a tag made from the name as written. */
export function tagOf(name: string, known: Map<string, BlogTag>, tagsBase: string): BlogTag {
  return known.get(name) ?? { label: name, permalink: joinUrl(tagsBase, new GithubSlugger().slug(name)) };
}
