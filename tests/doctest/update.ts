/**
 * Helper for authors: runs the doc-test examples of the given Markdown files
 * and rewrites each `output` block with what the example really printed
 * (and each `stderr` block with what it wrote to stderr, adding one if needed).
 *
 *   npx tsx tests/doctest/update.ts docs/pg-sql2/api/sql-value.md [more files...]
 *
 * Review the resulting diff before committing: the point of a doc test is that
 * the printed output is what the page claims, so read it critically.
 * Examples that crash or time out are reported and left unchanged.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractExamplesAndErrors, findFencedBlocks, normalizeOutput, normalizeStderr } from "./extract.ts";
import { PROJECT_ROOT, createLimiter, runExample } from "./run.ts";

const limit = createLimiter(2);

async function updateFile(file: string): Promise<boolean> {
  const rel = path.relative(PROJECT_ROOT, path.resolve(file)).split(path.sep).join("/");
  const abs = path.join(PROJECT_ROOT, rel);
  const text = readFileSync(abs, "utf8");
  const { examples, errors } = extractExamplesAndErrors(text, rel);
  let ok = true;
  for (const e of errors) {
    console.error(e.message);
    ok = false;
  }
  const results = await Promise.all(examples.map((ex) => limit(() => runExample(ex))));
  const blocks = findFencedBlocks(text);
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  // Replace from the bottom up so earlier line numbers stay valid.
  const edits = examples
    .map((ex, i) => ({ ex, res: results[i], block: blocks.find((b) => b.line === ex.outputLine)! }))
    .sort((a, b) => b.block.line - a.block.line);
  let changed = 0;
  for (const { ex, res, block } of edits) {
    if (res.exitCode !== 0 || res.timedOut) {
      console.error(`${rel}:${ex.line}: example failed (exit ${res.exitCode ?? res.signal}); output left unchanged\n${res.stderr}`);
      ok = false;
      continue;
    }
    // The stderr block sits below the output block, so edit it first.
    const err = normalizeStderr(res.stderr);
    const errBlock = ex.stderrLine === undefined ? undefined : blocks.find((b) => b.line === ex.stderrLine);
    if (errBlock) {
      if (err !== normalizeStderr(ex.stderr ?? "")) {
        lines.splice(errBlock.line, errBlock.endLine - 2 - errBlock.line, ...(err === "" ? [] : err.split("\n")));
        changed++;
      }
    } else if (err !== "") {
      // Insert a new stderr block after the output block's closing fence.
      lines.splice(block.endLine - 1, 0, "", "```text stderr", ...err.split("\n"), "```");
      changed++;
    }
    const actual = normalizeOutput(res.stdout);
    if (actual === normalizeOutput(ex.output)) continue;
    const contentStart = block.line; // 0-based index of the first content line
    const closingIndex = block.endLine - 2; // 0-based index of the closing fence
    const newContent = actual === "" ? [] : actual.split("\n");
    lines.splice(contentStart, closingIndex - contentStart, ...newContent);
    changed++;
  }
  if (changed > 0) {
    writeFileSync(abs, lines.join("\n"));
  }
  console.log(`${rel}: ${examples.length} example(s), ${changed} output block(s) updated`);
  return ok;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: npx tsx tests/doctest/update.ts <file.md> [...]");
  process.exit(2);
}
let allOk = true;
for (const f of files) {
  if (!(await updateFile(f))) allOk = false;
}
process.exit(allOk ? 0 : 1);
