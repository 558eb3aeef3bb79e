import path from "node:path";
import type { BlogArchiveProps, BlogAuthor, BlogAuthorsProps, BlogChrome, BlogListItem, BlogListProps, BlogPostMetadata, BlogPostProps, BlogTag, BlogTagsProps } from "../../src/core/blog";
import { isExternalUrl, joinUrl, splitUrl } from "../../src/core/paths";
import type { PageRouteData } from "../../src/core/types";
import type { Plugin, PluginContext } from "../../src/node/plugins/types";
import { readAuthorsMap } from "./authors";
import type * as Excerpt from "./excerpt";
import { resolveBlogOptions, type BlogOptions, type ResolvedBlogOptions } from "./options";
import { readPosts, type BlogPost } from "./posts";
import { readTagsFile } from "./tags";

export type { BlogOptions } from "./options";

const THEME = {
  list: "src/theme/BlogListPage/BlogListPage.tsx",
  tags: "src/theme/BlogTagsPage/BlogTagsPage.tsx",
  archive: "src/theme/BlogArchivePage/BlogArchivePage.tsx",
  authors: "src/theme/BlogAuthorsPage/BlogAuthorsPage.tsx",
} as const;

let dateFormat: Intl.DateTimeFormat | undefined;
/**
 * Made on first use: the first Intl object loads ICU's locale data, 55 ms of every command's start
 * (a site without a blog included) when this was made as the module loaded.
 */
const formatDate = (date: Date) => (dateFormat ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })).format(date);

interface BlogContent {
  posts: BlogPost[];
  authors: BlogAuthor[];
}

/** Splits a list into pages: page 1 at `base`, page N at `base/<pageBasePath>/N`. */
function paginate<T>(items: T[], perPage: number, base: string, pageBasePath: string) {
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const permalink = (page: number) => (page === 1 ? base : joinUrl(base, pageBasePath, String(page)));
  return Array.from({ length: totalPages }, (_, index) => ({
    permalink: permalink(index + 1),
    items: items.slice(index * perPage, (index + 1) * perPage),
    paginator: {
      page: index + 1,
      totalPages,
      totalCount: items.length,
      ...(index > 0 ? { newerPermalink: permalink(index) } : {}),
      ...(index + 1 < totalPages ? { olderPermalink: permalink(index + 2) } : {}),
    },
  }));
}

/** A blog (Docusaurus' plugin-content-blog): posts, list pages, tags, archive, authors and feeds. */
export function blogPlugin(context: PluginContext, input: BlogOptions & { generatorDir: string }, where = "blog"): Plugin<BlogContent> {
  const options: ResolvedBlogOptions = resolveBlogOptions(input, where);
  const blogDir = path.resolve(context.siteDir, options.path);
  const base = options.routeBasePath;
  const tagsBase = joinUrl(base, options.tagsBasePath);
  const authorsBase = joinUrl(base, options.authorsBasePath);
  const archivePermalink = joinUrl(base, options.archiveBasePath);
  const theme = (key: keyof typeof THEME) => path.join(input.generatorDir, THEME[key]);
  let posts: BlogPost[] = [];
  let markdown: typeof Excerpt | undefined;

  /** A link written in a post, as an excerpt or a feed shows it: other posts by their permalink, site paths as written. */
  const routeOfLink = (post: BlogPost, url: string): string | undefined => {
    if (isExternalUrl(url) || url.startsWith("#")) return url;
    const { pathname, hash } = splitUrl(url);
    if (!/\.mdx?$/.test(pathname)) return url.startsWith("/") ? url : undefined;
    const target = path.resolve(path.dirname(post.source), decodeURIComponent(pathname));
    const other = posts.find((candidate) => candidate.source === target);
    return other ? `${other.permalink}${hash}` : undefined;
  };

  const metadata = (post: BlogPost): BlogPostMetadata => ({
    permalink: post.permalink,
    title: post.title,
    description: post.description,
    date: post.date.toISOString(),
    formattedDate: formatDate(post.date),
    ...(options.showReadingTime ? { readingTime: post.readingTime } : {}),
    authors: post.authors,
    tags: post.tags,
    hasTruncateMarker: post.hasTruncateMarker,
    unlisted: post.unlisted,
    ...(options.editUrl ? { editUrl: `${options.editUrl.replace(/\/$/, "")}/${options.path}/${post.relativePath}` } : {}),
  });

  return {
    name: "content-blog",
    id: options.id,
    async loadContent() {
      // The Markdown toolchain loads only for a site with a blog, not with every build.
      markdown = await import("./excerpt");
      const authorsMap = readAuthorsMap(path.join(blogDir, options.authorsMapPath), authorsBase);
      const tagsFile = readTagsFile(path.join(blogDir, options.tags), tagsBase);
      posts = readPosts(blogDir, options, authorsMap, tagsFile, tagsBase, context.dev, markdown);
      return { posts, authors: [...authorsMap.authors.values()] };
    },
    contentLoaded({ content, actions }) {
      const listed = content.posts.filter((post) => !post.unlisted);
      const chrome: BlogChrome = {
        title: options.blogTitle,
        description: options.blogDescription,
        routeBasePath: base,
        archivePermalink,
        tagsPermalink: tagsBase,
        sidebar: { title: options.blogSidebarTitle, items: listed.slice(0, options.blogSidebarCount).map((post) => ({ title: post.title, permalink: post.permalink })) },
      };
      const component = (key: keyof typeof THEME, routePath: string, title: string, description: string, props: object) =>
        actions.addRoute({ path: routePath, component: theme(key), page: { layout: "component", title, description, props: props as Record<string, unknown> } });
      const listItem = (post: BlogPost): BlogListItem => ({ ...metadata(post), excerpt: markdown!.toHtmlNodes(post.excerptTree, ((url) => routeOfLink(post, url)) satisfies Excerpt.LinkRewrite) });
      const listPages = (items: BlogPost[], listBase: string, extra: Omit<BlogListProps, "blog" | "items" | "paginator">, title: string, description: string) => {
        for (const page of paginate(items, options.postsPerPage, listBase, options.pageBasePath)) {
          const props: BlogListProps = { blog: chrome, items: page.items.map(listItem), paginator: page.paginator, ...extra };
          component("list", page.permalink, page.paginator.page > 1 ? `${title} (page ${page.paginator.page})` : title, description, props);
        }
      };

      listPages(listed, base, { heading: options.blogTitle }, options.blogTitle, options.blogDescription);

      for (const post of content.posts) {
        const index = listed.indexOf(post);
        const newer = index > 0 ? listed[index - 1] : undefined;
        const older = index >= 0 ? listed[index + 1] : undefined;
        const props: BlogPostProps = {
          blog: chrome,
          post: {
            ...metadata(post),
            ...(newer ? { newer: { title: newer.title, permalink: newer.permalink } } : {}),
            ...(older ? { older: { title: older.title, permalink: older.permalink } } : {}),
          },
        };
        const page: PageRouteData = { layout: "blogPost", title: post.title, description: post.description, props: props as unknown as Record<string, unknown> };
        if (post.unlisted) page.noindex = true;
        actions.addRoute({ path: post.permalink, component: post.source, page });
      }

      const tags = new Map<string, { tag: BlogTag; posts: BlogPost[] }>();
      for (const post of listed) {
        for (const tag of post.tags) {
          const entry = tags.get(tag.permalink) ?? { tag, posts: [] };
          entry.posts.push(post);
          tags.set(tag.permalink, entry);
        }
      }
      if (tags.size > 0) {
        const all = [...tags.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label)).map(({ tag, posts: tagged }) => ({ ...tag, count: tagged.length }));
        component("tags", tagsBase, "Tags", `Every tag of ${options.blogTitle}`, { blog: chrome, tags: all } satisfies BlogTagsProps);
        for (const { tag, posts: tagged } of tags.values()) {
          const heading = `${tagged.length} post${tagged.length === 1 ? "" : "s"} tagged with "${tag.label}"`;
          listPages(tagged, tag.permalink, { heading, tag: { ...tag, count: tagged.length, allTagsPermalink: tagsBase } }, heading, tag.description ?? heading);
        }
      }

      const years = new Map<string, BlogArchiveProps["years"][number]["posts"]>();
      for (const post of listed) {
        const year = String(post.date.getUTCFullYear());
        years.set(year, [...(years.get(year) ?? []), { title: post.title, permalink: post.permalink, date: post.date.toISOString(), formattedDate: formatDate(post.date) }]);
      }
      component("archive", archivePermalink, "Archive", `Every post of ${options.blogTitle}, by year`, { blog: chrome, years: [...years].map(([year, list]) => ({ year, posts: list })) } satisfies BlogArchiveProps);

      const withPages = content.authors.filter((author) => author.permalink);
      if (withPages.length > 0) {
        const counted = withPages.map((author) => ({ author, posts: listed.filter((post) => post.authors.some((candidate) => candidate.key === author.key)) }));
        component("authors", authorsBase, "Authors", `The authors of ${options.blogTitle}`, { blog: chrome, authors: counted.map(({ author, posts: own }) => ({ ...author, count: own.length })) } satisfies BlogAuthorsProps);
        for (const { author, posts: own } of counted) {
          listPages(own, author.permalink!, { heading: author.name, author: { ...author, count: own.length } }, author.name, author.title ?? `Posts by ${author.name}`);
        }
      }
      actions.setGlobalData({ label: options.blogTitle, routeBasePath: base });
    },
    getPathsToWatch: () => [blogDir],
    async emitFiles({ routes }) {
      // Loaded here, not with the plugin: the feed writer and its XML library (190 KB bundled) cost every build 20 ms to load, and most sites have no feed.
      const { blogFeeds } = await import("./feeds");
      // By now every plugin's routes are known: a post's link to a doc or a page gets its absolute URL in the feeds.
      const routeOfSource = new Map(routes.map((route) => [route.component, route.path]));
      return blogFeeds(posts, options, context.siteConfig, (post, url) => {
        const { pathname, hash } = splitUrl(url);
        if (!/\.mdx?$/.test(pathname) || isExternalUrl(url)) return routeOfLink(post, url);
        const route = routeOfSource.get(path.resolve(path.dirname(post.source), decodeURIComponent(pathname)));
        return route === undefined ? undefined : `${route}${hash}`;
      }, markdown!);
    },
  };
}
