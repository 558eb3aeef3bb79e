import { normalizePath } from "../../src/core/paths";
import { SiteError } from "../../src/node/errors";

export type FeedType = "rss" | "atom" | "json";

/** One blog instance in site.config.ts (`blog: { … }` or a list of them), with Docusaurus' option names. */
export interface BlogOptions {
  /** The instance id; needed once a site has more than one blog. Default "blog". */
  id?: string;
  /** Content folder, relative to the site folder. Default "blog". */
  path?: string;
  /** URL prefix. Default "blog". */
  routeBasePath?: string;
  blogTitle?: string;
  blogDescription?: string;
  /** Posts per list page, or "ALL" for one page. Default 10. */
  postsPerPage?: number | "ALL";
  /** Posts in the "Recent posts" sidebar, "ALL", or 0 for no sidebar. Default 5. */
  blogSidebarCount?: number | "ALL";
  blogSidebarTitle?: string;
  archiveBasePath?: string;
  tagsBasePath?: string;
  authorsBasePath?: string;
  pageBasePath?: string;
  /** The authors file, relative to the content folder. Default "authors.yml". */
  authorsMapPath?: string;
  /** The tags file, relative to the content folder. Default "tags.yml". */
  tags?: string;
  showReadingTime?: boolean;
  /** Base of "Edit this page" links; the post's path in the folder is appended. */
  editUrl?: string;
  feedOptions?: {
    /** Which feeds to write; "all" is RSS, Atom and JSON. Default ["rss", "atom"]. */
    type?: FeedType | FeedType[] | "all" | null;
    title?: string;
    description?: string;
    copyright?: string;
    /** Newest posts in each feed; false for every post. Default 20. */
    limit?: number | false;
  };
}

export interface ResolvedBlogOptions {
  id: string;
  path: string;
  routeBasePath: string;
  blogTitle: string;
  blogDescription: string;
  postsPerPage: number;
  blogSidebarCount: number;
  blogSidebarTitle: string;
  archiveBasePath: string;
  tagsBasePath: string;
  authorsBasePath: string;
  pageBasePath: string;
  authorsMapPath: string;
  tags: string;
  showReadingTime: boolean;
  editUrl?: string;
  feed: { types: FeedType[]; title?: string; description?: string; copyright?: string; limit: number };
}

function feedTypes(type: NonNullable<BlogOptions["feedOptions"]>["type"], where: string): FeedType[] {
  if (type === null) return [];
  if (type === undefined) return ["rss", "atom"];
  if (type === "all") return ["rss", "atom", "json"];
  const list = Array.isArray(type) ? type : [type];
  for (const item of list) if (!["rss", "atom", "json"].includes(item)) throw new SiteError(`site.config.ts: ${where}.feedOptions.type has "${item}"; use "rss", "atom", "json", "all" or a list of them`);
  return list;
}

function count(value: number | "ALL" | undefined, fallback: number, key: string): number {
  if (value === undefined) return fallback;
  if (value === "ALL") return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(value) || value < 0) throw new SiteError(`site.config.ts: ${key} must be a whole number of posts or "ALL" (got ${JSON.stringify(value)})`);
  return value;
}

/** Fills in Docusaurus' defaults and checks what the site wrote. */
export function resolveBlogOptions(options: BlogOptions, where: string): ResolvedBlogOptions {
  const postsPerPage = count(options.postsPerPage, 10, `${where}.postsPerPage`);
  if (postsPerPage === 0) throw new SiteError(`site.config.ts: ${where}.postsPerPage must be at least 1 or "ALL"`);
  const limit = options.feedOptions?.limit;
  return {
    id: options.id ?? "blog",
    path: options.path ?? "blog",
    routeBasePath: normalizePath(options.routeBasePath ?? "blog"),
    blogTitle: options.blogTitle ?? "Blog",
    blogDescription: options.blogDescription ?? "Blog",
    postsPerPage,
    blogSidebarCount: count(options.blogSidebarCount, 5, `${where}.blogSidebarCount`),
    blogSidebarTitle: options.blogSidebarTitle ?? "Recent posts",
    archiveBasePath: options.archiveBasePath ?? "archive",
    tagsBasePath: options.tagsBasePath ?? "tags",
    authorsBasePath: options.authorsBasePath ?? "authors",
    pageBasePath: options.pageBasePath ?? "page",
    authorsMapPath: options.authorsMapPath ?? "authors.yml",
    tags: options.tags ?? "tags.yml",
    showReadingTime: options.showReadingTime ?? true,
    editUrl: options.editUrl,
    feed: {
      types: feedTypes(options.feedOptions?.type, where),
      title: options.feedOptions?.title,
      description: options.feedOptions?.description,
      copyright: options.feedOptions?.copyright,
      limit: limit === false ? Number.POSITIVE_INFINITY : (limit ?? 20),
    },
  };
}
