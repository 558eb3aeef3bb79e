import { parentPort, workerData } from "node:worker_threads";
import { compileMarkdown, type CompileOptions } from "./compile";
import { warmUpCompile } from "./compileWarmUp";
import { codeCacheState } from "../workerCodeCache";

/** Compiles pages off the main thread; the route map arrives at the start, as plain data, and again whenever it changes (the dev server). */
let routes = new Map<string, string>(Object.entries((workerData as { routes: Record<string, string> }).routes));

parentPort!.on("message", async (job: { id: number; options: Omit<CompileOptions, "routeOfSource"> } | { routes: Record<string, string> }) => {
  if ("routes" in job) {
    routes = new Map(Object.entries(job.routes));
    return;
  }
  try {
    const page = await compileMarkdown({ ...job.options, routeOfSource: (file) => routes.get(file) });
    parentPort!.postMessage({ id: job.id, page });
  } catch (error) {
    const failure = error as Error & { loc?: unknown };
    parentPort!.postMessage({ id: job.id, error: { message: failure.message, loc: failure.loc } });
  }
});

// Jobs that arrive meanwhile run beside it (making them wait for it measured no faster); a failure
// here only costs the warm-up. Then the code cache is stored, if this thread keeps one.
void warmUpCompile()
  .catch(() => undefined)
  .then(() => codeCacheState()?.ready());
