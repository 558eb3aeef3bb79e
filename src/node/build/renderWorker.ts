import { parentPort, workerData } from "node:worker_threads";
import { pageRenderer, type PageRenderInput } from "./pageRenderer";
import type { RenderBlock, RenderReply } from "./renderThread";

/**
 * Renders blocks of pages for the build, one block after another, each page's result sent as it
 * is done. Blocks arriving while the renderer loads, or while one renders, wait their turn.
 */
const ready = pageRenderer(workerData as PageRenderInput);
const queue: RenderBlock[] = [];
let draining = false;
const reply = (message: RenderReply) => parentPort!.postMessage(message);

async function drain(): Promise<void> {
  draining = true;
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { block, jobs } = next;
    try {
      const { render, importServerModule } = await ready;
      for (const [index, job] of jobs.entries()) {
        // A failure is reported when that page renders.
        for (const file of job.preload) importServerModule(file).catch(() => undefined);
        reply({ block, index, page: await render(job.url) });
      }
      reply({ block, done: true });
    } catch (error) {
      reply({ block, error: (error as Error).message });
    }
  }
  draining = false;
}

parentPort!.on("message", (block: RenderBlock) => {
  queue.push(block);
  if (!draining) void drain();
});
