/**
 * Static checks of the documentation's code blocks (see blocks.ts for the meta words):
 * every js/ts block is classified, TypeScript examples compile under `strict`,
 * `expect-error` blocks fail with the stated code, and signature blocks match the
 * installed packages' declarations. One TypeScript Program for all blocks.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { classifyCodeBlocks, type CodeBlock } from "./blocks.ts";
import { PROJECT_ROOT } from "./run.ts";
import { listDocFiles } from "./files.ts";
import { typeCheckBlocks, type TypeCheckResult } from "./typecheck.ts";

const blocks: CodeBlock[] = [];
for (const file of listDocFiles()) {
  blocks.push(...classifyCodeBlocks(readFileSync(`${PROJECT_ROOT}/${file}`, "utf8"), file));
}

/** Blocks the compiler looks at: TypeScript doctests, typecheck, expect-error and signature blocks. */
const checked = blocks.filter(
  (b) => b.problems.length === 0 && ((b.kind === "doctest" && b.isTs) || b.kind === "typecheck" || b.kind === "expect-error" || b.kind === "signature"),
);

let results: Map<CodeBlock, TypeCheckResult> | undefined;
function resultFor(block: CodeBlock): TypeCheckResult {
  results ??= typeCheckBlocks(checked, PROJECT_ROOT);
  return results.get(block)!;
}

function formatDiagnostics(r: TypeCheckResult): string {
  return r.diagnostics.map((d) => `    line ${d.line}: TS${d.code}: ${d.message}`).join("\n");
}

for (const block of blocks) {
  const where = `${block.file}:${block.line}`;
  test(`${where} [${block.kind}]`, () => {
    if (block.problems.length > 0) throw new Error(`${where}: ${block.problems.join("; ")}`);
    if (block.kind === "unclassified") {
      throw new Error(
        `${where}: this ${block.lang} block is neither run nor checked. Mark it \`doctest\`, \`typecheck\`, ` +
          '`expect-error=TS…`, `signature=<package>` or `norun="<why it cannot run>"` (see tests/doctest/README.md)',
      );
    }
    if (block.kind === "norun" || (block.kind === "doctest" && !block.isTs)) return;
    const r = resultFor(block);
    if (block.kind === "expect-error") {
      const codes = [...new Set(r.diagnostics.map((d) => d.code))].sort((a, b) => a - b);
      const want = [...new Set(block.expectedErrors)].sort((a, b) => a - b);
      expect(
        codes,
        `${where}: expected the compiler to report ${want.map((c) => "TS" + c).join(", ")}; it reported:\n${formatDiagnostics(r) || "    nothing"}`,
      ).toEqual(want);
      return;
    }
    if (r.diagnostics.length > 0) {
      throw new Error(`${where}: does not type-check with --strict against the installed packages:\n${formatDiagnostics(r)}`);
    }
    if (r.signatureProblems.length > 0) {
      throw new Error(`${where}: signature differs from ${block.signature!.pkg}'s .d.ts:\n  ${r.signatureProblems.join("\n  ")}`);
    }
  });
}
