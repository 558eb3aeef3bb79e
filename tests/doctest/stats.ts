/**
 * Prints, per docs section, how many code blocks the doc tests execute,
 * type-check and run against PostgreSQL, as the Markdown table used in the
 * top-level README:
 *
 *   npx tsx tests/doctest/stats.ts
 */
import { readFileSync } from "node:fs";
import { classifyCodeBlocks } from "./blocks.ts";
import { listDocFiles } from "./files.ts";
import { PROJECT_ROOT } from "./run.ts";

interface Row {
  executed: number;
  sql: number;
  typeChecked: number;
  signatures: number;
  expectError: number;
  notRun: number;
}

const rows = new Map<string, Row>();
for (const file of listDocFiles()) {
  const section = file.split("/")[1];
  const row = rows.get(section) ?? { executed: 0, sql: 0, typeChecked: 0, signatures: 0, expectError: 0, notRun: 0 };
  rows.set(section, row);
  for (const b of classifyCodeBlocks(readFileSync(`${PROJECT_ROOT}/${file}`, "utf8"), file)) {
    if (b.kind === "doctest") {
      row.executed++;
      // SQL reaches PostgreSQL (PGlite) either through the `query` check or because the example runs it itself.
      if (b.meta.includes("query") || b.code.includes("@electric-sql/pglite")) row.sql++;
      if (b.isTs) row.typeChecked++;
    } else if (b.kind === "typecheck") row.typeChecked++;
    else if (b.kind === "signature") row.signatures++;
    else if (b.kind === "expect-error") row.expectError++;
    else if (b.kind === "norun") row.notRun++;
  }
}

const total: Row = { executed: 0, sql: 0, typeChecked: 0, signatures: 0, expectError: 0, notRun: 0 };
console.log("| Section | Executed | SQL run in PostgreSQL | Type-checked (`--strict`) | Signatures compared with `.d.ts` | Must-not-compile | Not run (reason on the page) |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [section, r] of [...rows].sort()) {
  for (const k of Object.keys(total) as Array<keyof Row>) total[k] += r[k];
  console.log(`| ${section} | ${r.executed} | ${r.sql} | ${r.typeChecked} | ${r.signatures} | ${r.expectError} | ${r.notRun} |`);
}
const t = total;
console.log(`| **total** | **${t.executed}** | **${t.sql}** | **${t.typeChecked}** | **${t.signatures}** | **${t.expectError}** | **${t.notRun}** |`);
