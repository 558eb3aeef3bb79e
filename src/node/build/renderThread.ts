import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { SiteError } from "../errors";
import { workersAvailable } from "../markdown/compilePool";
import type { RenderedRoute } from "../render/renderRoute";
import type { PageRenderInput } from "./pageRenderer";

/** Running from scripts/run.mjs's bundle (dist/*.mjs) rather than the TypeScript sources. */
const COMPILED = import.meta.url.endsWith(".mjs");
const WORKER_FILE = COMPILED ? new URL("./renderWorker.mjs", import.meta.url) : new URL("./renderWorkerBoot.mjs", import.meta.url);

/**
 * From this many pages to render, a second thread renders beside the main one. Loading React and
 * the server bundle there costs about 0.4 s of CPU; a page renders in about 5 ms, and the main
 * thread alone left a core 40 % idle while a 2,000-page build rendered (it waits on the disk).
 */
export const RENDER_THREAD_MIN_PAGES = 400;

/** A page to render and the server modules to start loading first (those of the pages a few ahead). */
export interface RenderJob {
  url: string;
  preload: string[];
}

export interface RenderBlock {
  block: number;
  jobs: RenderJob[];
}

export type RenderReply = { block: number; index: number; page: RenderedRoute } | { block: number; error: string } | { block: number; done: true };

/**
 * Whether this build renders on a second thread too: enough pages, a second core, and compiled
 * JavaScript to start it from. `BUILD_RENDER_THREAD=1` starts one for any number of pages,
 * `BUILD_RENDER_THREAD=0` (or `BUILD_WORKERS=0`) never does.
 */
export function wantsRenderThread(pages: number): boolean {
  const setting = process.env.BUILD_RENDER_THREAD;
  if (setting === "0" || process.env.BUILD_WORKERS === "0" || !workersAvailable()) return false;
  return setting === "1" || (pages >= RENDER_THREAD_MIN_PAGES && availableParallelism() > 1);
}

interface PendingBlock {
  onPage(index: number, page: RenderedRoute): void;
  resolve(): void;
  reject(error: Error): void;
}

/** The build's render thread: renders blocks of pages with the same renderer as the main thread. */
export class RenderThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, PendingBlock>();
  private nextBlock = 0;
  private failure?: Error;

  /** Undefined when the input cannot be sent to a thread (a site setting that is not plain data): the main thread renders alone. */
  static start(input: PageRenderInput): RenderThread | undefined {
    try {
      return new RenderThread(input);
    } catch {
      return undefined;
    }
  }

  private constructor(input: PageRenderInput) {
    this.worker = new Worker(WORKER_FILE, { workerData: input });
    this.worker.on("message", (reply: RenderReply) => {
      const pending = this.pending.get(reply.block);
      if (!pending) return;
      if ("page" in reply) return pending.onPage(reply.index, reply.page);
      this.pending.delete(reply.block);
      if ("error" in reply) pending.reject(new SiteError(reply.error));
      else pending.resolve();
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new SiteError(`The render thread stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }

  /** Renders `jobs` in order, telling each page as it is done. */
  render(jobs: RenderJob[], onPage: (index: number, page: RenderedRoute) => void): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const block = this.nextBlock++;
    return new Promise((resolve, reject) => {
      this.pending.set(block, { onPage, resolve, reject });
      this.worker.postMessage({ block, jobs } satisfies RenderBlock);
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate();
  }
}
