import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { toString } from "mdast-util-to-string";
import type { BlogAuthor, BlogTag } from "../../src/core/blog";
import { joinUrl, normalizePath } from "../../src/core/paths";
import { SiteError } from "../../src/node/errors";
import { parseFrontMatter } from "../content-docs/frontMatter";
import { postAuthors, type AuthorsMap } from "./authors";
import type * as Excerpt from "./excerpt";
import type { ResolvedBlogOptions } from "./options";
import { tagOf } from "./tags";

/** "2024-05-01-title.md", "2024-05-01-title/index.mdx", "2024/05/01/title.md": the date and the rest. */
const DATED_PATH = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/;
const POST_FILE = /\.mdx?$/;
/** Docusaurus reads posts at 200 words a minute. */
const WORDS_PER_MINUTE = 200;

export interface BlogPost {
  source: string;
  relativePath: string;
  permalink: string;
  title: string;
  description: string;
  date: Date;
  authors: BlogAuthor[];
  tags: BlogTag[];
  readingTime: number;
  draft: boolean;
  unlisted: boolean;
  hasTruncateMarker: boolean;
  /** The whole post and the part before its truncate marker, parsed. */
  tree: Root;
  excerptTree: Root;
  frontMatter: Record<string, unknown>;
}

function listPostFiles(dir: string, prefix = ""): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith("_") || entry.name.startsWith(".")) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listPostFiles(path.join(dir, entry.name), relative));
    else if (POST_FILE.test(entry.name)) files.push(relative);
  }
  return files;
}

function dateOf(value: unknown, file: string): Date {
  const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new SiteError(`${file}: front matter "date" must be a date such as 2024-05-01 or 2024-05-01T10:00:00Z (got ${JSON.stringify(value)})`);
  return date;
}

const pad = (value: string) => value.padStart(2, "0");

/** One post: where it comes from, its route and everything the list, the feeds and the post page show. */
function readPost(source: string, relativePath: string, options: ResolvedBlogOptions, authors: AuthorsMap, tagsFile: Map<string, BlogTag>, tagsBase: string, markdown: typeof Excerpt): BlogPost {
  const { firstParagraph, parseMarkdown, TRUNCATE_MARKER, wordCount } = markdown;
  const text = readFileSync(source, "utf8");
  const { frontMatter, body } = parseFrontMatter(text, source);
  const dated = DATED_PATH.exec(relativePath);
  let date: Date;
  if (frontMatter.date !== undefined) date = dateOf(frontMatter.date, source);
  else if (dated) date = new Date(Date.UTC(Number(dated[1]), Number(dated[2]) - 1, Number(dated[3])));
  else date = statSync(source).mtime;

  const slugFromPath = dated ? dated[4] : relativePath.replace(/(\/index)?\.mdx?$/, "");
  let permalink: string;
  if (typeof frontMatter.slug === "string") permalink = joinUrl(options.routeBasePath, frontMatter.slug);
  else if (dated) permalink = joinUrl(options.routeBasePath, dated[1], pad(dated[2]), pad(dated[3]), slugFromPath);
  else permalink = joinUrl(options.routeBasePath, slugFromPath);

  const tree = parseMarkdown(body, source);
  const marker = TRUNCATE_MARKER.exec(body);
  const excerptTree = marker ? parseMarkdown(body.slice(0, marker.index), source) : tree;
  const heading = tree.children.find((node) => node.type === "heading" && node.depth === 1);
  const title = frontMatter.title ?? (heading ? toString(heading) : path.basename(slugFromPath || relativePath).replace(/[-_]/g, " "));
  const where = `${source} (front matter)`;
  return {
    source,
    relativePath,
    permalink: normalizePath(permalink),
    title,
    description: frontMatter.description ?? firstParagraph(excerptTree),
    date,
    authors: postAuthors(frontMatter, authors, where, options.authorsMapPath),
    tags: (frontMatter.tags ?? []).map((name) => tagOf(name, tagsFile, tagsBase)),
    readingTime: Math.max(1, Math.ceil(wordCount(tree) / WORDS_PER_MINUTE)),
    draft: frontMatter.draft === true,
    unlisted: frontMatter.unlisted === true,
    hasTruncateMarker: marker !== null,
    tree,
    excerptTree,
    frontMatter,
  };
}

/** Every post of the blog folder, newest first; drafts only in dev. `markdown`: excerpt.ts, loaded by the caller when a site has a blog. */
export function readPosts(blogDir: string, options: ResolvedBlogOptions, authors: AuthorsMap, tagsFile: Map<string, BlogTag>, tagsBase: string, dev: boolean, markdown: typeof Excerpt): BlogPost[] {
  const posts = listPostFiles(blogDir)
    .map((relative) => readPost(path.join(blogDir, relative), relative, options, authors, tagsFile, tagsBase, markdown))
    .filter((post) => dev || !post.draft);
  const seen = new Map<string, string>();
  for (const post of posts) {
    const other = seen.get(post.permalink);
    if (other) throw new SiteError(`${post.source}: its permalink "${post.permalink}" is also the permalink of ${other}; give one of them a "slug" in its front matter`);
    seen.set(post.permalink, post.source);
  }
  return posts.sort((a, b) => b.date.getTime() - a.date.getTime() || a.permalink.localeCompare(b.permalink));
}
