/**
 * The playground's Web Worker: runs an example's code with its imports mapped
 * to the bundled packages, prints what `console` printed, and runs the queries
 * it compiled with pg-sql2 in PGlite (started once, from the database the build made).
 * The page terminates this worker when an example runs too long.
 */
import { dataDirUrl, packages } from "virtual:graphile-docs/playground";
import { isGzipped, moduleSpecifiers, rewriteSpecifiers } from "../core/playground";
import { format, inspect } from "./inspect";
import type { PageMessage, QueryResult, RunOutcome, RunRequest, WarmRequest, WorkerMessage } from "./protocol";
import type { PGlite } from "@electric-sql/pglite";
import pgliteDataUrl from "@electric-sql/pglite/pglite.data?url";
import pgliteWasmUrl from "@electric-sql/pglite/pglite.wasm?url";

interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: "message", listener: (event: MessageEvent<PageMessage>) => void): void;
  addEventListener(type: "unhandledrejection", listener: (event: PromiseRejectionEvent) => void): void;
}
const scope = globalThis as unknown as WorkerScope;

// Packages read process.env as they load (pg-sql2's development mode), so the first
// request's env=NAME=value words hold for the worker's life; the page starts another
// worker for an example with different ones.
let processEnv: Record<string, string> | undefined;

/** Whose `compile` results are shown (and run, for `query` examples). */
const SQL_PACKAGE = "pg-sql2";
/** Where the module each package's stand-in re-exports from lives while the worker runs. */
const REGISTRY = "__playgroundModules";

interface Compiled {
  text: string;
  values: unknown[];
}
let compiledQueries: Compiled[] = [];

/** The `compile` functions of pg-sql2, wrapped to remember what they produced (like tests/doctest/capture.mjs). */
function captureCompile(exported: Record<string, unknown>): void {
  const original = exported.compile as ((...args: unknown[]) => Compiled) | undefined;
  if (typeof original !== "function") return;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    compiledQueries.push({ text: result.text, values: result.values });
    return result;
  };
  exported.compile = wrapped;
  const sql = exported.sql as Record<string, unknown> | undefined;
  if (sql && sql.compile === original) sql.compile = wrapped;
}

const registry: Record<string, Record<string, unknown>> = {};
Object.assign(globalThis, { [REGISTRY]: registry });
const standInUrls = new Map<string, Promise<string>>();

/**
 * A module URL standing in for the package: its default export is the package's
 * default (for CommonJS, module.exports, as in Node) and each of its properties
 * is a named export, so every import form of the examples works unchanged.
 */
function standInUrl(name: string): Promise<string> {
  let url = standInUrls.get(name);
  if (!url) {
    url = packages[name]().then((namespace) => {
      const fallback = namespace.default;
      const exported: Record<string, unknown> = fallback !== null && (typeof fallback === "object" || typeof fallback === "function") ? { ...(fallback as object) } : {};
      for (const [key, value] of Object.entries(namespace)) if (key !== "default") exported[key] = value;
      if (name === SQL_PACKAGE) captureCompile(exported);
      registry[name] = { ...exported, default: fallback ?? namespace };
      const lines = [`const m = globalThis.${REGISTRY}[${JSON.stringify(name)}];`, "export default m.default;"];
      // module.exports.default (a CommonJS module compiled from ESM) is not a second default export.
      const named = Object.keys(exported).filter((key) => key !== "default");
      named.forEach((key, index) => lines.push(`const e${index} = m[${JSON.stringify(key)}];`, `export { e${index} as ${JSON.stringify(key)} };`));
      return URL.createObjectURL(new Blob([lines.join("\n")], { type: "text/javascript" }));
    });
    standInUrls.set(name, url);
    url.catch(() => standInUrls.delete(name));
  }
  return url;
}

const APPLY_DATABASE_SETTINGS = `select set_config(split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1), false)
  from pg_db_role_setting, unnest(setconfig) as setting
  where setdatabase = (select oid from pg_database where datname = current_database()) and setrole = 0`;

/** PostgreSQL's WebAssembly, compiled as it downloads where the server names its type, as PGlite would. */
async function compilePostgres(): Promise<WebAssembly.Module> {
  const response = await fetch(pgliteWasmUrl);
  if (!response.ok) throw new Error(`could not load PostgreSQL (${response.status} ${response.statusText} for ${pgliteWasmUrl})`);
  if (response.headers.get("content-type")?.startsWith("application/wasm")) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * PGlite, started once from the data folder the build made (schema and rows in place, nothing to
 * set up here). PGlite asks for its WebAssembly and file bundle only once its module has loaded;
 * asked for here, they download (and PostgreSQL compiles) while the module and the database do,
 * about 0.3 s sooner.
 */
async function openDatabase(): Promise<PGlite> {
  const [{ PGlite }, pgliteWasmModule, fsBundle, dataDir] = await Promise.all([
    import("@electric-sql/pglite"),
    compilePostgres(),
    fetch(pgliteDataUrl).then((response) => {
      if (!response.ok) throw new Error(`could not load PostgreSQL's files (${response.status} ${response.statusText} for ${pgliteDataUrl})`);
      return response.blob();
    }),
    dataDirUrl === null
      ? undefined
      : fetch(dataDirUrl).then(async (response) => {
          if (!response.ok) throw new Error(`could not load the database (${response.status} ${response.statusText} for ${dataDirUrl})`);
          const blob = await response.blob();
          // Sent gzip-encoded, the tar arrives unpacked by the browser as it downloads; PGlite
          // would otherwise unpack it on this thread before PostgreSQL starts (0.3 s for 40 MB).
          const gzipped = isGzipped(new Uint8Array(await blob.slice(0, 2).arrayBuffer()));
          return gzipped ? new File([blob], "database.tar.gz", { type: "application/x-gzip" }) : new File([blob], "database.tar", { type: "application/x-tar" });
        }),
  ]);
  const db = await PGlite.create({ pgliteWasmModule, fsBundle, ...(dataDir ? { loadDataDir: dataDir } : {}) });
  // PGlite's backend skips the database's own settings (ALTER DATABASE … SET) at start: apply them, as a server would.
  await db.query(APPLY_DATABASE_SETTINGS);
  return db;
}

let database: Promise<PGlite> | undefined;
let databaseReady = false;
/** The database, started now unless it is starting already; a run (`id`) waiting for it is told so. */
function startDatabase(id?: number): Promise<PGlite> {
  if (!database) {
    database = openDatabase();
    database.then(
      () => (databaseReady = true),
      () => (database = undefined),
    );
  }
  if (id !== undefined && !databaseReady) scope.postMessage({ type: "progress", id, message: "Starting PostgreSQL (PGlite) in your browser…" });
  return database;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Uncaught ${inspect(error)}`;
}

/** Runs one compiled query in a transaction that is always rolled back, as the doc tests do. */
async function runQuery(db: PGlite, query: Compiled, shown: QueryResult): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      try {
        const result = await tx.query<unknown[]>(query.text, query.values as unknown[], { rowMode: "array" });
        shown.fields = result.fields.map((field) => field.name);
        shown.rows = result.rows.map((row) => row.map((cell) => (typeof cell === "string" ? cell : inspect(cell))));
      } catch (error) {
        shown.error = error instanceof Error ? error.message : String(error);
      }
      await tx.rollback();
    });
  } catch (error) {
    shown.error ??= error instanceof Error ? error.message : String(error);
  }
}

const CONSOLE_STDOUT = ["log", "info", "debug", "dir", "table"] as const;
const CONSOLE_STDERR = ["error", "warn", "trace"] as const;
let stdout: string[] = [];
let stderr: string[] = [];
/**
 * Under `npm start`, Vite's client also runs in this worker (it wraps the example's dynamic import)
 * and reports its connection on the console whenever it connects: that is not the example's output.
 */
const fromDevServer = (args: unknown[]) => import.meta.env.DEV && typeof args[0] === "string" && args[0].startsWith("[vite]");
const consoleRecord = console as unknown as Record<string, (...args: unknown[]) => void>;
for (const method of CONSOLE_STDOUT) consoleRecord[method] = (...args) => void (fromDevServer(args) || stdout.push(format(...args) + "\n"));
for (const method of CONSOLE_STDERR) consoleRecord[method] = (...args) => void (fromDevServer(args) || stderr.push(format(...args) + "\n"));
scope.addEventListener("unhandledrejection", (event) => stderr.push(`${describeError(event.reason)}\n`));

/** The first request's env=NAME=value words, set before any package loads. */
function useEnv(env: Record<string, string>): void {
  if (processEnv) return;
  processEnv = { ...env };
  Object.assign(globalThis, { process: { env: processEnv } });
}

/** Loads what the example will need while the reader looks at it; a failure here is the run's to report. */
function warm(request: WarmRequest): void {
  useEnv(request.env);
  for (const { specifier } of moduleSpecifiers(request.code)) if (specifier in packages) standInUrl(specifier).catch(() => undefined);
  if (request.query) startDatabase().catch(() => undefined);
}

async function run(request: RunRequest): Promise<RunOutcome> {
  useEnv(request.env);
  stdout = [];
  stderr = [];
  compiledQueries = [];
  const outcome: RunOutcome = { stdout: "", stderr: "", queries: [] };
  let db: PGlite | undefined;
  try {
    const urls = new Map<string, string>();
    for (const { specifier } of moduleSpecifiers(request.code)) {
      if (!(specifier in packages)) throw new Error(`"${specifier}" cannot be imported here; the playground has ${Object.keys(packages).join(", ")}`);
      urls.set(specifier, await standInUrl(specifier));
    }
    if (request.query) db = await startDatabase(request.id);
    const source = rewriteSpecifiers(request.code, (specifier) => urls.get(specifier));
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    scope.postMessage({ type: "started", id: request.id });
    try {
      await import(/* @vite-ignore */ url);
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch (error) {
    outcome.error = describeError(error);
  }
  for (const query of compiledQueries) {
    const shown: QueryResult = { text: query.text, values: query.values.map((value) => inspect(value)) };
    if (db && outcome.error === undefined) await runQuery(db, query, shown);
    outcome.queries.push(shown);
  }
  return { ...outcome, stdout: stdout.join(""), stderr: stderr.join("") };
}

// One example at a time: the page waits for "done" before sending the next run.
scope.addEventListener("message", ({ data }) => {
  if (data.type === "warm") return warm(data);
  void run(data).then((outcome) => scope.postMessage({ type: "done", id: data.id, outcome }));
});
