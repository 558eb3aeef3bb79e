import { availableParallelism } from "node:os";
import type { SiteData } from "../loadSite";
import { CompilePool, workersAvailable } from "../markdown/compilePool";

/**
 * Below this many pages the compile (about 50 ms of CPU a page) is not much longer than a worker
 * thread's start (about 0.3 s of CPU to its first result, loading the Markdown toolchain): the main thread compiles.
 */
const WORKER_MIN_PAGES = 20;
/** From this many pages the compile outweighs the bundling: a worker per core. Below, one worker compiles while the main thread bundles. */
export const ALL_CORES_PAGES = 400;

const workersWanted = (pageCount: number) =>
  process.env.BUILD_WORKERS !== undefined ? Number(process.env.BUILD_WORKERS) : pageCount >= ALL_CORES_PAGES ? availableParallelism() : 1;

/**
 * A compile thread started before the site is known: loading the Markdown toolchain takes it about
 * 0.3 s, spent while this thread loads the site. Closed unused if no page needs compiling there.
 */
export function startCompilePool(): CompilePool | undefined {
  if (!workersAvailable() || workersWanted(WORKER_MIN_PAGES) <= 0) return undefined;
  const pool = new CompilePool(new Map(), 1);
  pool.start();
  return pool;
}

/**
 * The started pool (or, when the build command deferred it, a new one) made ready for the site:
 * its routes, and a thread per core when many of its pages need compiling (toCompile). Closed when
 * the site compiles in-process (pageCount is too small, or plugins bring Markdown plugins).
 */
export async function compilePoolFor(started: CompilePool | undefined, site: SiteData, pageCount: number, toCompile: number): Promise<CompilePool | undefined> {
  // Plugins' own Markdown plugins are functions, which cannot cross to a worker thread.
  const pluginMarkdown = site.plugins.some((plugin) => plugin.markdown);
  if (pageCount < WORKER_MIN_PAGES || pluginMarkdown) {
    await started?.close();
    return undefined;
  }
  started ??= startCompilePool();
  if (!started) return undefined;
  started.setRoutes(site.routeOfSource);
  started.grow(workersWanted(toCompile));
  return started;
}
