import { Worker } from "node:worker_threads";

/** One file for a compression thread: read it, compress it both ways, write the copies if worth it. */
export interface CompressJob {
  file: string;
  brotliQuality: number;
  gzipLevel: number;
  /** Copies are written only when gzip saves at least this many bytes. */
  minSavedBytes: number;
  /** Remove the file's old copies first (they may be links into the previous output). */
  removeOldCopies: boolean;
}

/** The compression threads' nice value: below everything else of the build. */
const COMPRESS_THREAD_NICE = 19;

/**
 * Plain JavaScript run with `eval`, not a module of the generator: it starts in a few tens of
 * milliseconds from the sources and from the compiled commands alike. Everything is synchronous
 * on its own thread: through Node's async file and zlib calls each file was ten trips through
 * libuv's pool, each waking the main thread (about 0.2 ms of CPU a file on top of the compression).
 */
const THREAD_SOURCE = `
  const { parentPort } = require("node:worker_threads");
  const { readFileSync, rmSync, writeFileSync } = require("node:fs");
  const { brotliCompressSync, constants, gzipSync } = require("node:zlib");
  // This thread only (Linux keeps a nice value per thread): while the build compiles and renders,
  // compressing takes the CPU they leave, not half of it; alone at the end it has whole cores anyway.
  try {
    require("node:os").setPriority(${COMPRESS_THREAD_NICE});
  } catch {}
  parentPort.on("message", ({ id, job }) => {
    try {
      const data = readFileSync(job.file);
      // gzip first: when it saves too little for copies to be written, brotli is not needed at all.
      const gz = gzipSync(data, { level: job.gzipLevel });
      if (job.removeOldCopies) {
        rmSync(job.file + ".br", { force: true });
        rmSync(job.file + ".gz", { force: true });
      }
      if (data.length - gz.length >= job.minSavedBytes) {
        writeFileSync(job.file + ".br", brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: job.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(job.file + ".gz", gz);
      }
      parentPort.postMessage({ id });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
`;

interface Thread {
  worker: Worker;
  /** Jobs handed to it and not answered yet. */
  jobs: number;
}

/**
 * Jobs a thread holds at once: the next waits in its port while it works on one, so it never
 * idles while its answer travels back and the next job comes. With one each, the two threads of
 * a 2,000-page build's last pass were busy 78 % of its 4.6 s; compressing that output alone took
 * 4.8-5.2 s with one job each, 4.5-4.9 s with two.
 */
const JOBS_PER_THREAD = 2;

/**
 * Threads that compress files, started as jobs need them up to a limit the caller may raise. A
 * thread holds the process open only while it has a job, so a build that fails before its end
 * exits without waiting for them; close() ends them.
 */
export class CompressThreads {
  private readonly threads: Thread[] = [];
  private readonly waiting: { job: CompressJob; resolve: () => void; reject: (error: Error) => void }[] = [];
  private readonly running = new Map<number, { thread: Thread; resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor(private limit: number) {}

  /** Lets up to `limit` threads work at once from now on. */
  allow(limit: number): void {
    this.limit = Math.max(this.limit, limit);
    this.dispatch();
  }

  run(job: CompressJob): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends the threads; a job not done by then fails (left pending, it would never settle). */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    const stopped = new Error("compression stopped: the build ended first");
    for (const { reject } of [...this.waiting.splice(0), ...this.running.values()]) reject(stopped);
    this.running.clear();
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread =
        this.threads.find((candidate) => candidate.jobs === 0) ??
        (this.threads.length < this.limit ? this.start() : this.threads.find((candidate) => candidate.jobs < JOBS_PER_THREAD));
      if (!thread) return;
      const { job, resolve, reject } = this.waiting.shift()!;
      const id = this.nextId++;
      if (thread.jobs++ === 0) thread.worker.ref();
      this.running.set(id, { thread, resolve, reject });
      thread.worker.postMessage({ id, job });
    }
  }

  private start(): Thread {
    // None of the command's own flags: a loader it was started with (tsx under the tests) would load in the thread too.
    const thread: Thread = { worker: new Worker(THREAD_SOURCE, { eval: true, execArgv: [] }), jobs: 0 };
    thread.worker.on("message", ({ id, error }: { id: number; error?: string }) => {
      const done = this.running.get(id);
      if (!done) return;
      this.running.delete(id);
      if (--done.thread.jobs === 0) done.thread.worker.unref();
      if (error === undefined) done.resolve();
      else done.reject(new Error(error));
      this.dispatch();
    });
    thread.worker.on("error", (error) => {
      // A thread that died fails its job; the next job starts a new one.
      this.threads.splice(this.threads.indexOf(thread), 1);
      for (const [id, running] of this.running) {
        if (running.thread !== thread) continue;
        this.running.delete(id);
        running.reject(error);
      }
      this.dispatch();
    });
    thread.worker.unref();
    this.threads.push(thread);
    return thread;
  }
}
