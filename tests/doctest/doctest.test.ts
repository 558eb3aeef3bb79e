/**
 * Doc tests: runs every ```js doctest / ```ts doctest example found in
 * docs/**\/*.md and docs/**\/*.mdx and compares its stdout with the ```text output
 * block that follows it. See tests/doctest/README.md.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { extractExamplesAndErrors, normalizeOutput, normalizeStderr, type DoctestExample } from "./extract.ts";
import { listDocFiles } from "./files.ts";
import { DEFAULT_TIMEOUT_MS, PROJECT_ROOT, createLimiter, runExample, type CapturedQuery } from "./run.ts";

const files = listDocFiles();

// Bounded concurrency: the machine has few cores and each example is a node process.
const CONCURRENCY = Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) || 1));
const limit = createLimiter(CONCURRENCY);

// One PGlite database, created lazily the first time a `query` example needs it.
let dbPromise: Promise<import("@electric-sql/pglite").PGlite> | undefined;
function getDb() {
  dbPromise ??= (async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite();
    await db.exec(readFileSync(path.join(PROJECT_ROOT, "tests", "doctest", "schema.sql"), "utf8"));
    return db;
  })();
  return dbPromise;
}

/** Runs a captured query in a transaction that is always rolled back; returns an error message or null. */
async function checkQuery(q: CapturedQuery): Promise<string | null> {
  const db = await getDb();
  let failure: string | null = null;
  try {
    await db.transaction(async (tx) => {
      try {
        await tx.query(q.text, q.values as any[]);
      } catch (e: any) {
        failure = e?.message ?? String(e);
      }
      await tx.rollback();
    });
  } catch (e: any) {
    failure ??= e?.message ?? String(e);
  }
  return failure;
}

function indentBlock(s: string): string {
  return s
    .split("\n")
    .map((l) => "    " + l)
    .join("\n");
}

async function checkExample(ex: DoctestExample) {
  const where = `${ex.file}:${ex.line}`;
  const res = await limit(() => runExample(ex));
  if (res.timedOut) {
    throw new Error(
      `${where}: example killed after ${Math.round((ex.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s ` +
        `(raise it with a timeout=<seconds> fence meta word or DOCTEST_TIMEOUT)\n--- stderr ---\n${res.stderr}`,
    );
  }
  if (res.exitCode !== 0) {
    throw new Error(
      `${where}: example exited with code ${res.exitCode ?? res.signal}\n` +
        `--- stderr ---\n${res.stderr}\n--- stdout ---\n${res.stdout}`,
    );
  }
  const actual = normalizeOutput(res.stdout);
  const expected = normalizeOutput(ex.output);
  if (actual !== expected) {
    const msg =
      `${where}: output differs from the output block at ${ex.file}:${ex.outputLine}\n` +
      `--- expected ---\n${indentBlock(expected)}\n--- actual ---\n${indentBlock(actual)}` +
      (res.stderr ? `\n--- stderr ---\n${res.stderr}` : "");
    // expect() gives vitest's diff; the message carries the location.
    expect(actual, msg).toBe(expected);
  }
  // Anything on stderr (console.error, console.warn, process warnings) must be shown on the page.
  const actualErr = normalizeStderr(res.stderr);
  if (ex.stderr === undefined) {
    if (actualErr !== "") {
      throw new Error(
        `${where}: example wrote to stderr, but the page shows no stderr block ` +
          "(add a fence with the meta word `stderr` after the output block, e.g. ```text stderr)\n" +
          `--- stderr ---\n${indentBlock(actualErr)}`,
      );
    }
  } else {
    const expectedErr = normalizeStderr(ex.stderr);
    expect(
      actualErr,
      `${where}: stderr differs from the stderr block at ${ex.file}:${ex.stderrLine}\n` +
        `--- expected ---\n${indentBlock(expectedErr)}\n--- actual ---\n${indentBlock(actualErr)}`,
    ).toBe(expectedErr);
  }
  if (ex.meta.includes("query")) {
    if (res.queries.length === 0) {
      throw new Error(`${where}: has the meta word "query" but compiled no query with pg-sql2's compile()`);
    }
    for (const [i, q] of res.queries.entries()) {
      const failure = await checkQuery(q);
      if (failure) {
        throw new Error(
          `${where}: compiled query #${i + 1} failed in PostgreSQL: ${failure}\n` +
            `--- text ---\n${q.text}\n--- values ---\n${JSON.stringify(q.values)}`,
        );
      }
    }
  }
}

let count = 0;
for (const file of files) {
  const text = readFileSync(path.join(PROJECT_ROOT, file), "utf8");
  const { examples, errors } = extractExamplesAndErrors(text, file);
  for (const err of errors) {
    count++;
    test(`${file}:${err.line}`, () => {
      throw err;
    });
  }
  for (const ex of examples) {
    count++;
    // The vitest timeout also counts time spent queued behind the concurrency limiter
    // (vitest starts up to 5 concurrent tests), so allow for a few examples ahead of this one;
    // the child process has its own, tighter limit.
    const childLimit = ex.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    test.concurrent(`${ex.file}:${ex.line}`, () => checkExample(ex), childLimit * 4 + 60_000);
  }
}

if (count === 0) {
  test("no doc-test examples found", () => {
    // Nothing to run (no docs yet, or DOCTEST_FILTER matched nothing). Not an error.
    expect(files.length >= 0).toBe(true);
  });
}
