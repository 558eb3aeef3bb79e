import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { cacheDir } from "../cache";
import { GENERATOR_DIR } from "../generatorDir";
import { startCachedWorker } from "../workerCodeCache";
import { SiteError } from "../errors";
import type { CompiledPage, CompileOptions } from "./compile";

/** Running from scripts/run.mjs's bundle (dist/*.mjs) rather than the TypeScript sources. */
const COMPILED = import.meta.url.endsWith(".mjs");
/**
 * From dist/, the thread runs the CommonJS bundle of the worker (scripts/run.mjs makes it) with V8's
 * code cache, kept in the generator's own cache folder; from the sources, tsx's boot file.
 */
const startWorker = (workerData: Record<string, unknown>) =>
  COMPILED
    ? startCachedWorker(fileURLToPath(new URL("./compileWorker.cjs", import.meta.url)), cacheDir(GENERATOR_DIR, "code-cache"), workerData)
    : new Worker(new URL("./compileWorkerBoot.mjs", import.meta.url), { workerData });

export type CompileJob = Omit<CompileOptions, "routeOfSource">;

/**
 * Jobs a thread holds at once: enough that it never waits on this thread (busy for tens of
 * milliseconds at a time while it bundles) for its next page, few enough that the threads finish
 * within a few pages of each other.
 */
const JOBS_PER_THREAD = 8;

/**
 * Spreads page compiles over worker threads, so the MDX compile of a large
 * site uses every core while the bundler runs on the main thread.
 */
export class CompilePool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve(page: CompiledPage): void; reject(error: Error): void }>();
  /** Jobs no thread holds yet, in the order asked. */
  private readonly queue: { id: number; job: CompileJob }[] = [];
  /** Jobs each thread holds, and which thread holds each job. */
  private readonly held = new Map<Worker, number>();
  private readonly holder = new Map<number, Worker>();
  private nextId = 0;

  constructor(
    private routes: ReadonlyMap<string, string>,
    private size = availableParallelism(),
  ) {}

  /** Grows the pool to `size` threads (started ones at once). */
  grow(size: number): void {
    this.size = Math.max(this.size, size);
    if (this.workers.length > 0) this.start();
  }

  /**
   * Threads start with the first page actually compiled (a rebuild whose pages all come from the
   * cache starts none), or now: each thread loads the Markdown toolchain while this one does other work.
   */
  start(): void {
    const { routes, size } = this;
    for (let index = this.workers.length; index < Math.max(1, size); index++) {
      const worker = startWorker({ routes: Object.fromEntries(routes) });
      worker.on("message", (message: { id: number; page?: CompiledPage; error?: { message: string; loc?: unknown } }) => {
        const pending = this.waiting.get(message.id);
        if (!pending) return;
        this.waiting.delete(message.id);
        this.release(message.id);
        if (message.error) pending.reject(Object.assign(new SiteError(message.error.message), { loc: message.error.loc }));
        else pending.resolve(message.page!);
        this.dispatch();
      });
      worker.on("error", (error) => {
        for (const pending of this.waiting.values()) pending.reject(error);
        this.waiting.clear();
        this.queue.length = 0;
        this.holder.clear();
        // A thread that died answers nothing more: the next compile starts another in its place.
        this.workers.splice(this.workers.indexOf(worker), 1);
        this.held.delete(worker);
        for (const other of this.workers) this.held.set(other, 0);
      });
      this.workers.push(worker);
      this.held.set(worker, 0);
    }
    this.dispatch();
  }

  /** The routes links resolve against, for compiles from now on (the dev server's site changes while it runs). */
  setRoutes(routes: ReadonlyMap<string, string>): void {
    if (routes === this.routes) return;
    this.routes = routes;
    for (const worker of this.workers) worker.postMessage({ routes: Object.fromEntries(routes) });
  }

  compile(job: CompileJob): Promise<CompiledPage> {
    const id = this.nextId++;
    const compiled = new Promise<CompiledPage>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.queue.push({ id, job });
    this.start();
    return compiled;
  }

  /**
   * Hands queued jobs to the threads holding fewest, up to JOBS_PER_THREAD each. Dealt out all at
   * once in turn, a build's pages split evenly by count, and one thread could finish its share
   * while the other still had a second of pages to go.
   */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let worker: Worker | undefined;
      for (const candidate of this.workers) if ((this.held.get(candidate) ?? 0) < JOBS_PER_THREAD && (!worker || this.held.get(candidate)! < this.held.get(worker)!)) worker = candidate;
      if (!worker) return;
      const { id, job } = this.queue.shift()!;
      this.held.set(worker, this.held.get(worker)! + 1);
      this.holder.set(id, worker);
      worker.postMessage({ id, options: job });
    }
  }

  private release(id: number): void {
    const worker = this.holder.get(id);
    if (!worker) return;
    this.holder.delete(id);
    this.held.set(worker, this.held.get(worker)! - 1);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * Workers need JavaScript they can load: the compiled build (`npm run build`
 * runs dist/, where the worker sits beside this code) or tsx's loader when
 * started with it; under a test runner the build compiles in-process instead.
 */
export function workersAvailable(): boolean {
  return COMPILED || process.execArgv.some((arg) => arg.includes("tsx"));
}

let prestarted: CompilePool | undefined;
let deferred = false;

/**
 * Starts a compile thread before the build command loads the rest of the generator, so the
 * thread's loading of the Markdown toolchain (about 0.3 s) overlaps this thread's (about 0.2 s).
 * The next build takes it (takePrestartedPool); nothing else may call this.
 */
export function prestartCompilePool(): void {
  if (prestarted || !workersAvailable() || process.env.BUILD_WORKERS === "0") return;
  prestarted = new CompilePool(new Map(), 1);
  prestarted.start();
}

/**
 * Tells the next build that the build command left the thread unstarted on purpose: the last
 * build's pages are as it left them, so its output is most likely reused, and a thread loading the
 * toolchain would only compete for the cores. The build starts one once it knows it compiles.
 */
export function deferCompilePool(): void {
  deferred = true;
}

/** The thread prestartCompilePool started, or whether deferCompilePool asked to wait; once. */
export function takePrestartedPool(): { pool?: CompilePool; deferred: boolean } {
  const taken = { pool: prestarted, deferred };
  prestarted = undefined;
  deferred = false;
  return taken;
}
