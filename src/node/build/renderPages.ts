import type { RenderedRoute } from "../render/renderRoute";
import type { RouteSummary } from "../plugins/types";
import type { RenderJob, RenderThread } from "./renderThread";

/** Pages a thread takes at a time at most: few enough that both threads finish together. */
const MAX_BLOCK_PAGES = 16;
/** A small site is cut into at least this many blocks, so both threads get some. */
const MIN_BLOCKS = 8;
/** Page modules loaded ahead of the page being rendered: reading them from disk overlaps rendering the page before. */
const IMPORTS_AHEAD = 8;

export interface RenderPagesOptions {
  routes: readonly RouteSummary[];
  /** A page's server module file, to load ahead. */
  moduleFileOf(route: RouteSummary): string | undefined;
  render(url: string): Promise<RenderedRoute>;
  importServerModule(file: string): Promise<unknown>;
  /** A second thread rendering blocks of pages beside this one. */
  thread?: RenderThread;
  /** Called with each page as it is rendered, on whichever thread. */
  rendered(route: RouteSummary, page: RenderedRoute): void;
  /** Resolves when the writing thread has room for more. */
  room(): Promise<void>;
}

/** Cuts the pages into blocks, each job naming the modules to load before it renders. */
function blocksOf(routes: readonly RouteSummary[], blockPages: number, moduleFileOf: (route: RouteSummary) => string | undefined): RenderJob[][] {
  const blocks: RenderJob[][] = [];
  for (let start = 0; start < routes.length; start += blockPages) {
    const end = Math.min(routes.length, start + blockPages);
    const fileAt = (index: number) => (index < end ? moduleFileOf(routes[index]) : undefined);
    blocks.push(
      routes.slice(start, end).map((route, offset) => {
        const wanted = offset === 0 ? Array.from({ length: IMPORTS_AHEAD + 1 }, (_, ahead) => fileAt(start + ahead)) : [fileAt(start + offset + IMPORTS_AHEAD)];
        return { url: route.path, preload: wanted.filter((file): file is string => file !== undefined) };
      }),
    );
  }
  return blocks;
}

/** A rendered page as renderPages returns it: its HTML went to `rendered` and is not kept. */
export type RenderedPage = Omit<RenderedRoute, "html">;

/**
 * Renders the pages, on this thread and, when given, on the render thread too (each takes the
 * next block when done with one; the thread has two queued, so it never waits for a message).
 * The results come back in the pages' order, without their HTML: kept to the end, a 2,000-page
 * site's 86 MB of it outlived young-generation collections, each of which copied it again. After a
 * failure no block starts, and the first failing page (in that order) is the error.
 */
export async function renderPages(options: RenderPagesOptions): Promise<RenderedPage[]> {
  const { routes, thread } = options;
  const blockPages = Math.max(1, Math.min(MAX_BLOCK_PAGES, Math.ceil(routes.length / MIN_BLOCKS)));
  const blocks = blocksOf(routes, blockPages, options.moduleFileOf);
  const pages: RenderedPage[] = new Array(routes.length);
  const failures: { index: number; error: unknown }[] = [];
  let next = 0;
  const takeBlock = () => (failures.length === 0 && next < blocks.length ? next++ : undefined);
  const done = (index: number, page: RenderedRoute) => {
    options.rendered(routes[index], page);
    const { html: _written, ...rest } = page;
    pages[index] = rest;
  };

  const here = async () => {
    for (let block = takeBlock(); block !== undefined; block = takeBlock()) {
      for (const [offset, job] of blocks[block].entries()) {
        // A failure is reported when that page renders.
        for (const file of job.preload) options.importServerModule(file).catch(() => undefined);
        try {
          done(block * blockPages + offset, await options.render(job.url));
        } catch (error) {
          failures.push({ index: block * blockPages + offset, error });
          return;
        }
        await options.room();
      }
    }
  };
  const there = async (renderThread: RenderThread) => {
    for (let block = takeBlock(); block !== undefined; block = takeBlock()) {
      const start = block * blockPages;
      try {
        await renderThread.render(blocks[block], (offset, page) => done(start + offset, page));
      } catch (error) {
        const failed = blocks[block].findIndex((_, offset) => pages[start + offset] === undefined);
        failures.push({ index: start + Math.max(0, failed), error });
        return;
      }
      await options.room();
    }
  };

  await Promise.all([here(), ...(thread ? [there(thread), there(thread)] : [])]);
  if (failures.length > 0) throw failures.sort((a, b) => a.index - b.index)[0].error;
  return pages;
}
