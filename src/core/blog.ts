/**
 * The plain data the blog plugin hands the blog theme (route props). Nothing
 * here is code: it is written into the blog's route manifest as JSON.
 */
import type { DocNavLink } from "./types";

export interface BlogAuthor {
  /** The authors.yml key, when the author comes from there. */
  key?: string;
  name: string;
  title?: string;
  url?: string;
  imageURL?: string;
  /** Platform → profile URL. */
  socials?: Record<string, string>;
  /** The author's own page, when authors.yml gives them one (`page: true`). */
  permalink?: string;
}

export interface BlogTag {
  label: string;
  permalink: string;
  description?: string;
}

/**
 * Markdown rendered to a tree the theme turns into React elements: a string
 * is text, an array is [tag, attributes, ...children].
 */
export type BlogHtmlNode = string | [string, Record<string, string>, ...BlogHtmlNode[]];

export interface BlogPostMetadata {
  permalink: string;
  title: string;
  description: string;
  /** ISO 8601. */
  date: string;
  /** The date as readers see it ("May 1, 2024"), formatted at build time so server and browser agree. */
  formattedDate: string;
  /** Minutes, rounded up; absent when the blog hides reading times. */
  readingTime?: number;
  authors: BlogAuthor[];
  tags: BlogTag[];
  hasTruncateMarker: boolean;
  unlisted: boolean;
  /** Newer and older post. */
  newer?: DocNavLink;
  older?: DocNavLink;
  editUrl?: string;
}

export interface BlogListItem extends BlogPostMetadata {
  /** The post up to its truncate marker (the whole post without one). */
  excerpt: BlogHtmlNode[];
}

/** What every blog page shows around its content. */
export interface BlogChrome {
  title: string;
  description: string;
  routeBasePath: string;
  archivePermalink: string;
  tagsPermalink: string;
  sidebar: { title: string; items: DocNavLink[] };
}

export interface BlogPaginator {
  page: number;
  totalPages: number;
  totalCount: number;
  newerPermalink?: string;
  olderPermalink?: string;
}

export interface BlogListProps {
  blog: BlogChrome;
  items: BlogListItem[];
  paginator: BlogPaginator;
  /** The page's heading and what it lists: the whole blog, one tag or one author. */
  heading: string;
  tag?: BlogTag & { count: number; allTagsPermalink: string };
  author?: BlogAuthor & { count: number };
}

export interface BlogPostProps {
  blog: BlogChrome;
  post: BlogPostMetadata;
}

export interface BlogTagsProps {
  blog: BlogChrome;
  tags: (BlogTag & { count: number })[];
}

export interface BlogArchiveProps {
  blog: BlogChrome;
  years: { year: string; posts: { title: string; permalink: string; date: string; formattedDate: string }[] }[];
}

export interface BlogAuthorsProps {
  blog: BlogChrome;
  authors: (BlogAuthor & { count: number })[];
}
