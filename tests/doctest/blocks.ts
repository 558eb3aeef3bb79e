/**
 * Classifies the JavaScript/TypeScript code blocks of a Markdown page by what
 * the doc tests do with them. Pure: no file-system access.
 *
 * | Meta word                     | Check                                                       |
 * |-------------------------------|-------------------------------------------------------------|
 * | `doctest`                     | run (doctest.test.ts); a `ts` example is also type-checked  |
 * | `typecheck`                   | type-checked with `strict` against the installed packages   |
 * | `expect-error=TS2305[,TS…]`   | type-checked; must fail with exactly these error codes      |
 * | `signature=<pkg>[:<object>]`  | declarations compared with the package's `.d.ts`            |
 * | `norun="<reason>"`            | not checked; the reason says why it cannot run              |
 *
 * Every `js`/`ts` block must carry one of them (or be an `output`/`stderr` block).
 */
import { findFencedBlocks, type FencedBlock } from "./extract.ts";

export const CODE_LANGS = new Set(["js", "mjs", "cjs", "javascript", "jsx", "ts", "mts", "cts", "typescript", "tsx"]);
const TS_LANGS = new Set(["ts", "mts", "cts", "typescript", "tsx"]);

export type BlockKind = "doctest" | "typecheck" | "expect-error" | "signature" | "norun" | "unclassified";

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  isTs: boolean;
  code: string;
  meta: string[];
  kind: BlockKind;
  /** For `expect-error`: the expected codes, e.g. [2305]. */
  expectedErrors: number[];
  /** For `signature`: the package and optional object whose properties are documented. */
  signature?: { pkg: string; object?: string; partial: boolean };
  /** For `norun`: the reason. */
  reason?: string;
  /** Problems with the meta words themselves. */
  problems: string[];
}

function metaValue(meta: string[], key: string): string | undefined {
  const word = meta.find((w) => w.startsWith(key + "="));
  if (word === undefined) return undefined;
  let v = word.slice(key.length + 1);
  if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1);
  return v;
}

export function classifyBlock(file: string, block: FencedBlock): CodeBlock {
  const { meta } = block;
  const problems: string[] = [];
  const result: CodeBlock = {
    file,
    line: block.line,
    lang: block.lang,
    isTs: TS_LANGS.has(block.lang),
    code: block.code,
    meta,
    kind: "unclassified",
    expectedErrors: [],
    problems,
  };
  const kinds: BlockKind[] = [];
  if (meta.includes("doctest")) kinds.push("doctest");
  if (meta.includes("typecheck")) kinds.push("typecheck");
  const expectError = metaValue(meta, "expect-error");
  if (expectError !== undefined) {
    kinds.push("expect-error");
    for (const part of expectError.split(",")) {
      const m = /^TS(\d+)$/i.exec(part.trim());
      if (m) result.expectedErrors.push(Number(m[1]));
      else problems.push(`invalid expect-error code "${part}" (expected e.g. TS2305)`);
    }
  }
  const signature = metaValue(meta, "signature");
  if (signature !== undefined) {
    kinds.push("signature");
    const [pkg, object] = signature.split(":");
    if (!pkg) problems.push("signature= needs a package name, e.g. signature=pg-sql2");
    result.signature = { pkg, ...(object ? { object } : {}), partial: meta.includes("partial") };
    if (!result.isTs) problems.push("a signature block must be TypeScript");
  }
  const reason = metaValue(meta, "norun");
  if (reason !== undefined) {
    kinds.push("norun");
    result.reason = reason;
    if (reason.trim().length < 10) problems.push(`norun needs a reason of a few words, got "${reason}"`);
  }
  if (kinds.length > 1) problems.push(`conflicting meta words: ${kinds.join(", ")}`);
  if (kinds.length > 0) result.kind = kinds[0];
  if ((result.kind === "expect-error" || result.kind === "typecheck") && !result.isTs && !/^(js|mjs|javascript)$/.test(block.lang)) {
    problems.push(`cannot type-check language "${block.lang}"`);
  }
  return result;
}

/** All js/ts code blocks of a page except `output`/`stderr` fences. */
export function classifyCodeBlocks(text: string, file: string): CodeBlock[] {
  return findFencedBlocks(text)
    .filter((b) => CODE_LANGS.has(b.lang) && !b.meta.includes("output") && !b.meta.includes("stderr"))
    .map((b) => classifyBlock(file, b));
}

