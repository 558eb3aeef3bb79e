import { describe, expect, test } from "vitest";
import { classifyCodeBlocks } from "./blocks.ts";
import { extractExamples, normalizeStderr } from "./extract.ts";

const B = "```";

describe("stderr blocks", () => {
  test("a stderr fence after the output block is attached to the example", () => {
    const md = [`${B}js doctest`, "console.warn('w')", B, "", `${B}text output`, B, "", `${B}text stderr`, "w", B].join("\n");
    const [ex] = extractExamples(md, "a.md");
    expect(ex.stderr).toBe("w");
    expect(ex.stderrLine).toBe(8);
  });

  test("without a stderr fence, stderr is undefined (the example must stay silent)", () => {
    const md = [`${B}js doctest`, "1", B, `${B}text output`, B, "", "text", "", `${B}text stderr`, B].join("\n");
    const [ex] = extractExamples(md, "a.md");
    expect(ex.stderr).toBeUndefined();
  });

  test("normalizeStderr drops stack frames", () => {
    expect(normalizeStderr("Error: x\n    at f (/tmp/a.mjs:1:2)\n    at async g\nmore\n")).toBe("Error: x\nmore");
  });
});

describe("classifyCodeBlocks", () => {
  test("reads each meta word and flags unclassified or conflicting blocks", () => {
    const md = [
      `${B}ts typecheck`, "let a = 1;", B,
      `${B}ts expect-error=TS2305,TS2322`, "x", B,
      `${B}ts signature=tamedevil:te partial`, "x", B,
      `${B}js norun="needs a PostgreSQL server"`, "x", B,
      `${B}js`, "x", B,
      `${B}ts doctest norun="two kinds at once"`, "x", B,
      `${B}js norun=short`, "x", B,
      `${B}bash`, "npm i", B,
    ].join("\n");
    const blocks = classifyCodeBlocks(md, "a.md");
    expect(blocks.map((b) => b.kind)).toEqual(["typecheck", "expect-error", "signature", "norun", "unclassified", "doctest", "norun"]);
    expect(blocks[1].expectedErrors).toEqual([2305, 2322]);
    expect(blocks[2].signature).toEqual({ pkg: "tamedevil", object: "te", partial: true });
    expect(blocks[3].reason).toBe("needs a PostgreSQL server");
    expect(blocks[5].problems[0]).toMatch(/conflicting/);
    expect(blocks[6].problems[0]).toMatch(/reason/);
  });
});
