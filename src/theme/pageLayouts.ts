import type { PageModule, RouteRecord } from "../core/types";

/**
 * The wrappers of pages that are not docs, each its own chunk: a docs page
 * downloads no blog code, a blog post none of a Markdown page's. The route
 * store loads a page's wrapper together with the page, before it renders.
 */
const PAGE_LAYOUTS: Record<string, () => Promise<{ default: unknown }>> = {
  markdown: () => import("./pages/MarkdownPage"),
  blogPost: () => import("./BlogPostPage/BlogPostPage"),
};

/** The page module with its route's wrapper attached (unchanged when the route needs none). */
export async function withPageLayout(route: RouteRecord, page: PageModule): Promise<PageModule> {
  const load = route.page ? PAGE_LAYOUTS[route.page.layout] : undefined;
  if (!load) return page;
  return { ...page, layout: (await load()).default };
}
