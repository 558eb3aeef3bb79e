import path from "node:path";
import { build } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { speedPatchesPlugin } from "../../scripts/speedPatches.mjs";

/**
 * Each speed patch (scripts/speedPatches.mjs) must leave what the patched package computes as it
 * was: the package is bundled twice, as installed and patched as the build's bundle patches it,
 * and both copies are run on the same inputs.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

async function bundled<T>(entry: string, patched: boolean): Promise<T> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(entry)};`, resolveDir: ROOT, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    plugins: patched ? [speedPatchesPlugin] : [],
  });
  const code = result.outputFiles[0].text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as T;
}

const both = <T>(entry: string) => Promise.all([bundled<T>(entry, false), bundled<T>(entry, true)]);

interface Node {
  type: string;
  id: number;
  children?: Node[];
}

type VisitParents = (tree: Node, ...rest: unknown[]) => void;

const treeArbitrary = fc.letrec<{ node: { type: string; children?: unknown[] } }>((tie) => ({
  node: fc.record({ type: fc.constantFrom("a", "b", "c"), children: fc.option(fc.array(tie("node"), { maxLength: 4 }), { nil: undefined }) }, { requiredKeys: ["type"] }),
})).node;

function numbered(tree: { type: string; children?: unknown[] }): Node {
  let next = 0;
  const copy = (node: { type: string; children?: unknown[] }): Node => ({ type: node.type, id: next++, ...(node.children ? { children: (node.children as { type: string }[]).map(copy) } : {}) });
  return copy(tree);
}

/** A walk's record: each visit's node, ancestors and index, and how it ended. */
function walk(visitParents: VisitParents, SKIP: unknown, tree: Node, actions: number[], options: { reverse: boolean; test: boolean; exit: boolean }): unknown[] {
  const record: unknown[] = [];
  let count = 0;
  const visitor = (phase: string) => (node: Node, parents: Node[]) => {
    const action = actions[count++ % actions.length];
    const parent = parents[parents.length - 1];
    const index = parent ? parent.children!.indexOf(node) : undefined;
    record.push([phase, node.id, parents.map((ancestor) => ancestor.id)]);
    if (action === 0 || index === undefined) return undefined;
    if (action === 1) return true;
    if (action === 2) return count > 6 ? false : undefined;
    if (action === 3) return SKIP;
    if (action === 4) return [SKIP];
    // Jumps only forward in the walk's direction, so every walk ends.
    return options.reverse ? index - 1 - (action - 5) : index + 1 + (action - 5);
  };
  const visitors = options.exit ? { enter: visitor("enter"), exit: visitor("exit") } : visitor("enter");
  try {
    if (options.test) visitParents(tree, "a", visitors, options.reverse);
    else visitParents(tree, visitors, options.reverse);
    record.push("done");
  } catch (error) {
    record.push(`threw ${(error as Error).message}`);
  }
  return record;
}

describe("speed patches", () => {
  it("unist-util-visit-parents visits, skips, exits and jumps as installed", async () => {
    type Module = { visitParents: VisitParents; SKIP: unknown };
    const [installed, patched] = await both<Module>("unist-util-visit-parents");
    fc.assert(
      fc.property(treeArbitrary, fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 12 }), fc.boolean(), fc.boolean(), fc.boolean(), (shape, actions, reverse, test, exit) => {
        const options = { reverse, test, exit };
        const expected = walk(installed.visitParents, installed.SKIP, numbered(shape), actions, options);
        expect(walk(patched.visitParents, patched.SKIP, numbered(shape), actions, options)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it("es-module-lexer reads every quoted specifier as installed, escapes and quotes included", async () => {
    type Module = { init: Promise<void>; parse(code: string): unknown };
    const [installed, patched] = await both<Module>("es-module-lexer");
    await Promise.all([installed.init, patched.init]);
    const specifier = fc.string({ unit: fc.constantFrom("a", "/", ".", "?", "-", "'", '"', "\\", "\u2028", "é", "n", "u", "0", " ") });
    fc.assert(
      fc.property(specifier, specifier, (first, second) => {
        const single = `'${second.replace(/['\\\n\r\u2028\u2029]/g, "")}'`;
        const code = `import a from ${JSON.stringify(first)};\nimport { b } from ${single} with { type: ${JSON.stringify(second)} };\nexport const c = () => import(${JSON.stringify(second)});\nexport { a as ${JSON.stringify(first)} };\n`;
        expect(patched.parse(code)).toEqual(installed.parse(code));
      }),
      { numRuns: 400 },
    );
  });

  it("micromark-util-character classifies every code as installed", async () => {
    const [installed, patched] = await both<Record<string, unknown>>("micromark-util-character");
    const checks = Object.keys(installed).filter((name) => typeof installed[name] === "function");
    expect(checks.length).toBeGreaterThan(10);
    for (const name of checks) {
      const [before, after] = [installed[name], patched[name]] as ((code: number | null) => boolean)[];
      for (const code of [null, -5, -4, -3, -2, -1, ...Array.from({ length: 0x3100 }, (_, index) => index), 0x1f600]) expect([name, code, after(code)]).toEqual([name, code, before(code)]);
    }
  });

  it("mdast-util-from-markdown and mdast-util-to-markdown make the same trees and text as installed", async () => {
    type From = { fromMarkdown(text: string): unknown };
    type To = { toMarkdown(tree: unknown): string };
    const [fromInstalled, fromPatched] = await both<From>("mdast-util-from-markdown");
    const [toInstalled, toPatched] = await both<To>("mdast-util-to-markdown");
    const text = fc.string({ unit: fc.constantFrom("a", " ", "\n", "*", "_", "#", "[", "]", "(", ")", "`", "<", ">", "!", "-", "1", ".", "\\", "&", "|", "~", ":") });
    fc.assert(
      fc.property(text, (markdown) => {
        const tree = fromInstalled.fromMarkdown(markdown);
        expect(fromPatched.fromMarkdown(markdown)).toEqual(tree);
        expect(toPatched.toMarkdown(tree)).toBe(toInstalled.toMarkdown(tree));
        const paragraph = { type: "root", children: [{ type: "paragraph", children: [{ type: "text", value: markdown }] }] };
        expect(toPatched.toMarkdown(paragraph)).toBe(toInstalled.toMarkdown(paragraph));
      }),
      { numRuns: 300 },
    );
  });
});
