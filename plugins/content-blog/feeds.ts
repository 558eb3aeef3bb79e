import { Feed } from "feed";
import type { SiteConfig } from "../../src/node/config/types";
import { isExternalUrl } from "../../src/core/paths";
import type * as Excerpt from "./excerpt";
import type { ResolvedBlogOptions } from "./options";
import type { BlogPost } from "./posts";

/** The feed files of one blog, by path relative to the site root: rss.xml, atom.xml and feed.json under the blog's base path. */
export function blogFeeds(
  posts: BlogPost[],
  options: ResolvedBlogOptions,
  site: SiteConfig,
  routeOfLink: (post: BlogPost, url: string) => string | undefined,
  { toHtml, toHtmlNodes }: typeof Excerpt,
): Record<string, string> {
  if (options.feed.types.length === 0) return {};
  const origin = `${site.url}${site.baseUrl}`.replace(/\/$/, "");
  const absolute = (route: string) => `${origin}${route}`;
  const blogUrl = absolute(options.routeBasePath);
  const base = options.routeBasePath === "/" ? "" : options.routeBasePath.slice(1) + "/";
  const listed = posts.filter((post) => !post.unlisted).slice(0, options.feed.limit);
  const feed = new Feed({
    id: blogUrl,
    title: options.feed.title ?? options.blogTitle,
    description: options.feed.description ?? options.blogDescription,
    link: blogUrl,
    language: site.i18n.localeConfigs[site.i18n.defaultLocale]?.htmlLang ?? site.i18n.defaultLocale,
    favicon: absolute(`/${site.favicon}`),
    copyright: options.feed.copyright ?? site.footer.copyright,
    updated: listed[0]?.date,
    feedLinks: {
      ...(options.feed.types.includes("rss") ? { rss: absolute(`/${base}rss.xml`) } : {}),
      ...(options.feed.types.includes("atom") ? { atom: absolute(`/${base}atom.xml`) } : {}),
      ...(options.feed.types.includes("json") ? { json: absolute(`/${base}feed.json`) } : {}),
    },
  });
  for (const post of listed) {
    // Links in the feed leave the site: every one must be absolute.
    const content = toHtml(
      toHtmlNodes(post.tree, (url) => {
        if (isExternalUrl(url) || url.startsWith("#")) return url.startsWith("#") ? `${absolute(post.permalink)}${url}` : url;
        const route = routeOfLink(post, url);
        return route === undefined ? undefined : absolute(route);
      }),
    );
    feed.addItem({
      id: absolute(post.permalink),
      link: absolute(post.permalink),
      title: post.title,
      date: post.date,
      description: post.description,
      content,
      author: post.authors.map((author) => ({ name: author.name, ...(author.url ? { link: author.url } : {}) })),
      category: post.tags.map((tag) => ({ name: tag.label, domain: absolute(tag.permalink) })),
    });
  }
  const files: Record<string, string> = {};
  if (options.feed.types.includes("rss")) files[`${base}rss.xml`] = feed.rss2();
  if (options.feed.types.includes("atom")) files[`${base}atom.xml`] = feed.atom1();
  if (options.feed.types.includes("json")) files[`${base}feed.json`] = feed.json1();
  return files;
}
