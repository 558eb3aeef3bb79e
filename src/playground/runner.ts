/**
 * The page's side of the playground: one worker at a time, shared by every
 * example on the page (PGlite starts once), replaced when an example needs
 * other environment variables, and terminated when an example's own code runs
 * longer than the time limit.
 */
import { PLAYGROUND_TIME_LIMIT_MS } from "../core/playground";
import type { RunOutcome, RunRequest, WarmRequest, WorkerMessage } from "./protocol";

export type RunResult = { kind: "done"; outcome: RunOutcome } | { kind: "stopped" } | { kind: "failed"; message: string };

export interface Example {
  code: string;
  query: boolean;
  env: Record<string, string>;
}

let current: { worker: Worker; envKey: string } | undefined;
let nextId = 0;
let queue: Promise<unknown> = Promise.resolve();

function workerFor(envKey: string): Worker {
  if (current && current.envKey === envKey) return current.worker;
  current?.worker.terminate();
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  current = { worker, envKey };
  return worker;
}

/** Examples with the same environment variables share a worker. */
function envKeyOf(example: Example): string {
  return JSON.stringify(Object.entries(example.env).sort());
}

function forget(worker: Worker): void {
  worker.terminate();
  if (current?.worker === worker) current = undefined;
}

function runNow(example: Example, onProgress: (message: string) => void): Promise<RunResult> {
  return new Promise((resolve) => {
    const worker = workerFor(envKeyOf(example));
    const id = ++nextId;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: RunResult) => {
      clearTimeout(timer);
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
      resolve(result);
    };
    const onMessage = ({ data }: MessageEvent<WorkerMessage>) => {
      if (data.id !== id) return;
      if (data.type === "progress") onProgress(data.message);
      else if (data.type === "started") {
        onProgress("Running…");
        timer = setTimeout(() => {
          forget(worker);
          finish({ kind: "stopped" });
        }, PLAYGROUND_TIME_LIMIT_MS);
      } else finish({ kind: "done", outcome: data.outcome });
    };
    // A worker that cannot start (its script failed to load) reports here, never on the page.
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      forget(worker);
      finish({ kind: "failed", message: event.message || "The playground could not start its worker." });
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    onProgress("Loading the example's packages…");
    const request: RunRequest = { type: "run", id, code: example.code, query: example.query, env: example.env };
    worker.postMessage(request);
  });
}

/**
 * Starts the worker an example will run in and has it load the example's packages and PostgreSQL
 * now, while the reader looks at the code: PGlite's start is most of a first run. Left alone while
 * a worker for other environment variables exists (it may be running an example). A worker that
 * cannot load is forgotten here, so the first Run starts another and reports why.
 */
export function warmUp(example: Example): void {
  const envKey = envKeyOf(example);
  if (current && current.envKey !== envKey) return;
  const fresh = !current;
  const worker = workerFor(envKey);
  if (fresh) {
    worker.addEventListener(
      "error",
      (event) => {
        event.preventDefault();
        forget(worker);
      },
      { once: true },
    );
  }
  const request: WarmRequest = { type: "warm", code: example.code, query: example.query, env: example.env };
  worker.postMessage(request);
}

/** Runs an example; examples run one after another. */
export function runExample(example: Example, onProgress: (message: string) => void): Promise<RunResult> {
  const result = queue.then(() => runNow(example, onProgress));
  queue = result.catch(() => undefined);
  return result;
}
