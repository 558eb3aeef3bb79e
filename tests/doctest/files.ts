/**
 * The documentation files the doc tests look at: every docs/**\/*.md(x), narrowed
 * by DOCTEST_FILTER (comma-separated substrings of the path, e.g. docs/pg-sql2).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./run.ts";

export function listDocFiles(): string[] {
  let entries: string[];
  try {
    entries = readdirSync(path.join(PROJECT_ROOT, "docs"), { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  const filters = (process.env.DOCTEST_FILTER ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.posix.join("docs", f.split(path.sep).join("/")))
    .filter((f) => filters.length === 0 || filters.some((flt) => f.includes(flt)))
    .sort();
}
