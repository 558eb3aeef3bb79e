// Preloaded with `node --import <file URL of this file>` for doc tests whose
// fence meta contains the word `query`. It wraps pg-sql2's `compile` (both the
// named export and `sql.compile`) so that every compiled query is appended, as
// one JSON line `{"text": ..., "values": [...]}`, to the file named by the
// environment variable DOCTEST_CAPTURE_FILE. The harness then runs each
// captured query against PostgreSQL (PGlite).
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const captureFile = process.env.DOCTEST_CAPTURE_FILE;
if (captureFile) {
  // Resolve pg-sql2 exactly as the example will (from the project root).
  const require = createRequire(pathToFileURL(process.cwd() + "/").href);
  const pgSql2 = require("pg-sql2");
  const original = pgSql2.compile;
  const wrapped = function compile(...args) {
    const result = original.apply(this, args);
    appendFileSync(
      captureFile,
      JSON.stringify({ text: result.text, values: result.values }) + "\n",
    );
    return result;
  };
  if (original.$$export) {
    Object.defineProperty(wrapped, "$$export", { value: original.$$export });
  }
  pgSql2.compile = wrapped;
  if (pgSql2.sql && pgSql2.sql.compile === original) pgSql2.sql.compile = wrapped;
  if (pgSql2.default && pgSql2.default.compile === original) pgSql2.default.compile = wrapped;
}
