import { readdirSync } from "node:fs";
import { expect, test } from "vitest";
import { extractExamples } from "./extract.ts";
import { CACHE_DIR, runExample } from "./run.ts";

const B = "```";

function exampleOf(code: string[]) {
  const md = [`${B}js doctest`, ...code, B, "", `${B}text output`, B].join("\n");
  return extractExamples(md, "docs/harness-check.md")[0];
}

test("every PGlite an example opens is a fresh database, and none of them outlives the example", async () => {
  const example = exampleOf([
    'import { PGlite } from "@electric-sql/pglite";',
    "const first = new PGlite();",
    'await first.exec("create table invoices (id int); insert into invoices values (1)");',
    "const second = await PGlite.create();",
    "const tables = `select count(*)::int as n from pg_tables where schemaname = 'public'`;",
    "console.log((await first.query(tables)).rows[0].n, (await second.query(tables)).rows[0].n);",
    'console.log((await second.query("select current_database() as db")).rows[0].db);',
    "await first.close();",
    "await second.close();",
  ]);
  const result = await runExample(example);
  expect(result.stderr).toBe("");
  expect(result.stdout).toBe("1 0\npostgres\n");
  expect(readdirSync(CACHE_DIR).filter((name) => name.includes("harness_check"))).toEqual([]);
}, 60_000);

test("an example that leaves its PGlite open fails, saying how to close it", async () => {
  const example = exampleOf(['import { PGlite } from "@electric-sql/pglite";', "const db = new PGlite();", 'console.log((await db.query("select 1 as one")).rows[0].one);']);
  const result = await runExample(example);
  expect(result.stdout).toBe("1\n");
  expect(result.stderr).toContain("left a PGlite database open; end it with `await db.close()`");
}, 60_000);
