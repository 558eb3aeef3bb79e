import GithubSlugger from "github-slugger";
import { joinUrl } from "../../src/core/paths";
import type { BlogTag } from "../../src/core/blog";
import { SiteError } from "../../src/node/errors";
import { readYamlMapping } from "./yamlMapping";

/** tags.yml: key → the tag's label, permalink and description. */
export function readTagsFile(file: string, tagsBase: string): Map<string, BlogTag> {
  const tags = new Map<string, BlogTag>();
  const data = readYamlMapping(file, 'must map tag keys to tags, e.g. "release:\\n  label: Release"');
  if (!data) return tags;
  for (const [key, value] of Object.entries(data)) {
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
