/**
 * Runs one doc-test example in a child `node` process.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transform } from "esbuild";
import type { DoctestExample } from "./extract.ts";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CACHE_DIR = path.join(PROJECT_ROOT, ".cache", "doctest");
const CAPTURE_PRELOAD = path.join(PROJECT_ROOT, "tests", "doctest", "capture.mjs");
const PGLITE_PRELOAD = path.join(PROJECT_ROOT, "tests", "doctest", "pgliteRegister.mjs");

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

export interface RunResult {
  stdout: string;
  stderr: string;
  /** Exit code, or null when the process was killed (see `signal`). */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Queries compiled by pg-sql2 during the run (only for examples with the `query` meta word). */
  queries: CapturedQuery[];
  /** Path of the generated module (kept only when DOCTEST_KEEP=1). */
  modulePath: string;
}

/**
 * Default time limit per example: DOCTEST_TIMEOUT (seconds) if set, else 60 s.
 * Generous on purpose: PGlite-based examples take several seconds to start and
 * the machine may be busy. A `timeout=<seconds>` fence meta word overrides it.
 */
export const DEFAULT_TIMEOUT_MS =
  Number(process.env.DOCTEST_TIMEOUT) > 0 ? Number(process.env.DOCTEST_TIMEOUT) * 1000 : 60_000;

export interface RunOptions {
  /** Milliseconds before the child is killed. Default: the example's `timeout=` meta, else DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Project root used as cwd. Default: the repository root. */
  cwd?: string;
}

let counter = 0;

let pgliteTemplate: Promise<string> | undefined;

/**
 * A PGlite cluster just after initdb, made once per installed PGlite version and kept in the
 * cache: examples that open `new PGlite()` start from a copy of it (see pgliteFromTemplate.mjs).
 */
export function freshPgliteCluster(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const manifest = path.join(PROJECT_ROOT, "node_modules", "@electric-sql", "pglite", "package.json");
    const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
    const dir = path.join(CACHE_DIR, `pglite-${version}-fresh-cluster`);
    if (existsSync(dir)) return dir;
    const making = `${dir}.making-${process.pid}`;
    rmSync(making, { recursive: true, force: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(making);
    await db.waitReady;
    await db.close();
    try {
      renameSync(making, dir);
    } catch (error) {
      // Another test process finished its copy first: use that one.
      rmSync(making, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
    return dir;
  })();
  return pgliteTemplate;
}

function slug(file: string): string {
  return file.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(-80);
}

/** Turns the example into an ES module (transpiling TypeScript with esbuild). */
export async function toModuleSource(example: Pick<DoctestExample, "lang" | "code" | "file" | "line">): Promise<string> {
  if (example.lang === "ts" || example.lang === "mts" || example.lang === "typescript") {
    const result = await transform(example.code, {
      loader: "ts",
      format: "esm",
      target: "node20",
      sourcefile: `${example.file}:${example.line}`,
    });
    return result.code;
  }
  return example.code;
}

/** The controlled environment: only a few variables are inherited; NODE_ENV/GRAPHILE_ENV only when asked for. */
export function buildEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "SYSTEMROOT"]) {
    const v = process.env[name];
    if (v !== undefined) env[name] = v;
  }
  env.TZ = "UTC";
  env.LANG = "C.UTF-8";
  env.NO_COLOR = "1";
  return { ...env, ...extra };
}

export async function runExample(example: DoctestExample, options: RunOptions = {}): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? example.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cwd = options.cwd ?? PROJECT_ROOT;
  mkdirSync(CACHE_DIR, { recursive: true });
  const base = `${slug(example.file)}_L${example.line}_${process.pid}_${++counter}`;
  const modulePath = path.join(CACHE_DIR, `${base}.mjs`);
  const captureFile = path.join(CACHE_DIR, `${base}.queries.jsonl`);
  writeFileSync(modulePath, await toModuleSource(example));

  const wantsQueries = example.meta.includes("query");
  const opensPglite = example.code.includes("@electric-sql/pglite");
  const dataDirBase = path.join(CACHE_DIR, `${base}.pgdata`);
  const env = buildEnv(example.env);
  // An example runs for a fraction of a second: optimising its hot JavaScript on a background
  // thread costs more CPU than it saves (the tamedevil and graphile-export examples: 49-51 s of
  // machine CPU with --no-opt against 59 s without). Nothing an example prints depends on it.
  const args: string[] = ["--no-opt"];
  if (wantsQueries) {
    env.DOCTEST_CAPTURE_FILE = captureFile;
    args.push("--import", pathToFileURL(CAPTURE_PRELOAD).href);
  }
  if (opensPglite) {
    env.DOCTEST_PGLITE_TEMPLATE = await freshPgliteCluster();
    env.DOCTEST_PGLITE_DATA = dataDirBase;
    // PostgreSQL is a large WebAssembly module and an example uses it for a second or two:
    // optimising it in the background costs more CPU than the optimised code saves.
    args.push("--liftoff-only", "--import", pathToFileURL(PGLITE_PRELOAD).href);
  }
  args.push(modulePath);

  const result = await new Promise<Omit<RunResult, "queries" | "modulePath">>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        exitCode: code,
        signal,
        timedOut,
      });
    });
  });

  const queries: CapturedQuery[] = [];
  if (wantsQueries && existsSync(captureFile)) {
    for (const line of readFileSync(captureFile, "utf8").split("\n")) {
      if (line.trim()) queries.push(JSON.parse(line));
    }
  }
  if (opensPglite) {
    // The databases the example opened (dataDirBase-1, -2, …) are never worth keeping.
    for (const name of readdirSync(CACHE_DIR)) {
      if (name.startsWith(`${path.basename(dataDirBase)}-`)) rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true });
    }
  }
  if (process.env.DOCTEST_KEEP !== "1") {
    rmSync(modulePath, { force: true });
    rmSync(captureFile, { force: true });
  }
  return { ...result, queries, modulePath };
}

/** A tiny counting semaphore to bound the number of concurrent child processes. */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function limit<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= max) {
      // Wait until a finishing task hands its slot over to us.
      await new Promise<void>((r) => waiting.push(r));
    } else {
      active++;
    }
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
