/** The messages between the page (runner.ts) and the playground worker (worker.ts): plain data only. */

export interface RunRequest {
  type: "run";
  id: number;
  code: string;
  /** Run every query the example compiled with pg-sql2 in PGlite (the fence's `query` meta word). */
  query: boolean;
  /** The fence's env=NAME=value words; the same for every request a worker gets. */
  env: Record<string, string>;
}

/**
 * Sent when a reader opens the playground on an example, before any Run: the worker loads the
 * example's packages and, for a `query` example, starts PostgreSQL, so the first Run finds them ready.
 */
export interface WarmRequest {
  type: "warm";
  code: string;
  query: boolean;
  env: Record<string, string>;
}

export type PageMessage = RunRequest | WarmRequest;

export interface QueryResult {
  text: string;
  /** Each value as Node's util.inspect shows it. */
  values: string[];
  /** Present when the example ran its queries: column names and rows (cells shown with util.inspect). */
  fields?: string[];
  rows?: string[][];
  /** PostgreSQL's error, when the query failed. */
  error?: string;
}

export interface RunOutcome {
  stdout: string;
  stderr: string;
  /** What the example threw: `Name: message`. */
  error?: string;
  queries: QueryResult[];
}

export type WorkerMessage =
  | { type: "progress"; id: number; message: string }
  /** The example's own code starts now: the time limit counts from here. */
  | { type: "started"; id: number }
  | { type: "done"; id: number; outcome: RunOutcome };
