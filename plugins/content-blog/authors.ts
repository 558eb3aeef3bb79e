import { joinUrl } from "../../src/core/paths";
import type { BlogAuthor } from "../../src/core/blog";
import { SiteError } from "../../src/node/errors";
import { readYamlMapping } from "./yamlMapping";

/** Handles written for these platforms become profile URLs; anything else must already be a URL. */
const SOCIAL_URLS: Record<string, (handle: string) => string> = {
  github: (handle) => `https://github.com/${handle}`,
  x: (handle) => `https://x.com/${handle}`,
  twitter: (handle) => `https://twitter.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}/`,
  stackoverflow: (handle) => `https://stackoverflow.com/users/${handle}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
};

export interface AuthorsMap {
  authors: Map<string, BlogAuthor & { key: string }>;
}

function string(value: unknown, where: string, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new SiteError(`${where}: "${key}" must be a string (got ${JSON.stringify(value)})`);
  return value;
}

function socials(value: unknown, where: string): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw new SiteError(`${where}: "socials" must map platforms to handles or URLs, e.g. { github: octocat }`);
  const out: Record<string, string> = {};
  for (const [platform, handle] of Object.entries(value as Record<string, unknown>)) {
    if (typeof handle !== "string") throw new SiteError(`${where}: socials.${platform} must be a handle or a URL (got ${JSON.stringify(handle)})`);
    const toUrl = SOCIAL_URLS[platform];
    out[platform] = /^https?:\/\//.test(handle) ? handle : toUrl ? toUrl(handle) : handle;
    if (!/^https?:\/\//.test(out[platform])) throw new SiteError(`${where}: socials.${platform} must be a full URL: "${platform}" is not a platform whose handles we know`);
  }
  return out;
}

/** An author as written (in authors.yml or inline in front matter), checked. */
export function authorOf(value: unknown, where: string): BlogAuthor {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new SiteError(`${where}: an author must be a mapping with at least a "name"`);
  const record = value as Record<string, unknown>;
  const name = string(record.name, where, "name");
  if (!name) throw new SiteError(`${where}: an author needs a "name"`);
  const author: BlogAuthor = { name };
  const title = string(record.title, where, "title");
  const url = string(record.url, where, "url");
  const imageURL = string(record.image_url ?? record.imageURL, where, "image_url");
  const social = socials(record.socials, where);
  if (title) author.title = title;
  if (url) author.url = url;
  if (imageURL) author.imageURL = imageURL;
  if (social) author.socials = social;
  return author;
}

/** Reads authors.yml: key → author; authors with `page: true` get a page under `authorsBase`. */
export function readAuthorsMap(file: string, authorsBase: string): AuthorsMap {
  const authors = new Map<string, BlogAuthor & { key: string }>();
  const data = readYamlMapping(file, 'must map author keys to authors, e.g. "jane:\\n  name: Jane Doe"');
  if (!data) return { authors };
  for (const [key, value] of Object.entries(data)) {
    const author = { key, ...authorOf(value, `${file} (author "${key}")`) };
    const page = (value as Record<string, unknown>).page;
    if (page === true || (typeof page === "object" && page !== null)) {
      const permalink = typeof page === "object" ? (page as { permalink?: unknown }).permalink : undefined;
      author.permalink = joinUrl(authorsBase, typeof permalink === "string" ? permalink : key);
    }
    authors.set(key, author);
  }
  return { authors };
}

/**
 * The authors of a post from its front matter: `authors` (keys of authors.yml,
 * inline authors, or a list of both) or the older `author`, `author_title`,
 * `author_url` and `author_image_url` keys.
 */
export function postAuthors(frontMatter: Record<string, unknown>, map: AuthorsMap, where: string, authorsFile: string): BlogAuthor[] {
  if (frontMatter.authors === undefined && typeof frontMatter.author === "string") {
    return [authorOf({ name: frontMatter.author, title: frontMatter.author_title, url: frontMatter.author_url, image_url: frontMatter.author_image_url }, where)];
  }
  const list = frontMatter.authors === undefined ? [] : Array.isArray(frontMatter.authors) ? frontMatter.authors : [frontMatter.authors];
  return list.map((entry) => {
    if (typeof entry === "string") {
      const author = map.authors.get(entry);
      if (!author) {
        const known = [...map.authors.keys()];
        throw new SiteError(`${where}: front matter "authors" names "${entry}", which ${authorsFile} does not define${known.length ? ` (it defines: ${known.join(", ")})` : ""}`);
      }
      return author;
    }
    if (typeof entry === "object" && entry !== null && typeof (entry as { key?: unknown }).key === "string") {
      const key = (entry as { key: string }).key;
      const base = map.authors.get(key);
      if (!base) throw new SiteError(`${where}: front matter "authors" names "${key}", which ${authorsFile} does not define`);
      return { ...base, ...authorOf({ ...base, image_url: base.imageURL, ...(entry as object) }, where) };
    }
    return authorOf(entry, where);
  });
}
