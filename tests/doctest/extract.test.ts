import { describe, expect, test } from "vitest";
import { DoctestExtractError, extractExamples, findFencedBlocks, normalizeOutput, splitInfo } from "./extract.ts";
import { createLimiter } from "./run.ts";

const B = "```";

describe("extractExamples", () => {
  test("finds a js example and its output block", () => {
    const md = [
      "---",
      "title: x",
      "---",
      "",
      "Some prose.",
      "",
      `${B}js doctest`,
      "console.log(1);",
      B,
      "",
      `${B}text output`,
      "1",
      B,
    ].join("\n");
    const [ex, ...rest] = extractExamples(md, "docs/a.md");
    expect(rest).toEqual([]);
    expect(ex).toMatchObject({
      file: "docs/a.md",
      line: 7,
      lang: "js",
      code: "console.log(1);",
      meta: ["doctest"],
      env: {},
      output: "1",
      outputLine: 11,
    });
  });

  test("ignores fences without the doctest word", () => {
    const md = `${B}js\nconsole.log(1)\n${B}\n\n${B}sql\nselect 1\n${B}\n`;
    expect(extractExamples(md, "x.md")).toEqual([]);
  });

  test("collects meta words, env and quoted titles", () => {
    const md = [
      `${B}ts doctest query title="my file.ts" env=GRAPHILE_ENV=development env=FOO=a=b`,
      "const x: number = 1;",
      B,
      `${B}text output`,
      B,
    ].join("\n");
    const [ex] = extractExamples(md, "x.md");
    expect(ex.lang).toBe("ts");
    expect(ex.meta).toEqual(["doctest", "query", 'title="my file.ts"', "env=GRAPHILE_ENV=development", "env=FOO=a=b"]);
    expect(ex.env).toEqual({ GRAPHILE_ENV: "development", FOO: "a=b" });
    expect(ex.output).toBe("");
  });

  test("handles ~~~ fences and longer backtick fences", () => {
    const md = [
      "~~~js doctest",
      "console.log('```');",
      "~~~",
      "````text output",
      "```",
      "````",
    ].join("\n");
    const [ex] = extractExamples(md, "x.md");
    expect(ex.code).toBe("console.log('```');");
    expect(ex.output).toBe("```");
    expect(ex.outputLine).toBe(4);
  });

  test("does not extract examples shown inside a 4-backtick fence", () => {
    const md = [
      "````md",
      `${B}js doctest`,
      "console.log(1)",
      B,
      "",
      `${B}text output`,
      "1",
      B,
      "````",
    ].join("\n");
    expect(extractExamples(md, "x.md")).toEqual([]);
    expect(findFencedBlocks(md)).toHaveLength(1);
  });

  test("a closing fence must be at least as long as the opening one", () => {
    const md = ["````js doctest", "```", "still code", "````", `${B}text output`, "x", B].join("\n");
    const [ex] = extractExamples(md, "x.md");
    expect(ex.code).toBe("```\nstill code");
  });

  test("removes the opening fence's indentation from content lines", () => {
    const md = ["  ```js doctest", "  console.log(1)", "    nested()", "  ```", "  ```text output", "  1", "  ```"].join(
      "\n",
    );
    const [ex] = extractExamples(md, "x.md");
    expect(ex.code).toBe("console.log(1)\n  nested()");
    expect(ex.output).toBe("1");
  });

  test("handles CRLF line endings", () => {
    const md = `${B}js doctest\r\nconsole.log(1)\r\n${B}\r\n${B}text output\r\n1\r\n${B}\r\n`;
    const [ex] = extractExamples(md, "x.md");
    expect(ex.code).toBe("console.log(1)");
    expect(ex.output).toBe("1");
  });

  test("several examples keep their own line numbers", () => {
    const md = [
      `${B}js doctest`, // 1
      "console.log(1)",
      B,
      `${B}text output`, // 4
      "1",
      B,
      "",
      "Between.",
      "",
      `${B}js doctest`, // 10
      "console.log(2)",
      B,
      `${B}text output`, // 13
      "2",
      B,
    ].join("\n");
    const exs = extractExamples(md, "x.md");
    expect(exs.map((e) => [e.line, e.outputLine, e.output])).toEqual([
      [1, 4, "1"],
      [10, 13, "2"],
    ]);
  });

  test("missing output block is an error naming file:line", () => {
    const md = ["Intro", "", `${B}js doctest`, "console.log(1)", B, "", "Prose in between.", "", `${B}text output`, "1", B].join(
      "\n",
    );
    expect(() => extractExamples(md, "docs/p.md")).toThrow(DoctestExtractError);
    expect(() => extractExamples(md, "docs/p.md")).toThrow(/^docs\/p\.md:3: /);
  });

  test("an example at the end of the file without output is an error", () => {
    const md = `${B}js doctest\nconsole.log(1)\n${B}\n`;
    expect(() => extractExamples(md, "docs/q.md")).toThrow(/docs\/q\.md:1/);
  });

  test("a following fence without the output word is an error", () => {
    const md = `${B}js doctest\nconsole.log(1)\n${B}\n${B}text\n1\n${B}\n`;
    expect(() => extractExamples(md, "docs/r.md")).toThrow(/docs\/r\.md:1/);
  });

  test("timeout=<seconds> sets timeoutMs; absent means undefined", () => {
    const md = `${B}js doctest timeout=120\nx\n${B}\n${B}text output\n${B}\n\n${B}js doctest\ny\n${B}\n${B}text output\n${B}\n`;
    const [a, b] = extractExamples(md, "x.md");
    expect(a.timeoutMs).toBe(120_000);
    expect(b.timeoutMs).toBeUndefined();
    expect(() => extractExamples(`${B}js doctest timeout=soon\nx\n${B}\n${B}text output\n${B}\n`, "docs/u.md")).toThrow(
      /docs\/u\.md:1: invalid meta word "timeout=soon"/,
    );
  });

  test("unsupported languages are rejected", () => {
    const md = `${B}sql doctest\nselect 1\n${B}\n${B}text output\n1\n${B}\n`;
    expect(() => extractExamples(md, "docs/s.md")).toThrow(/docs\/s\.md:1: .*language "sql"/);
  });

  test("an invalid env meta word is rejected", () => {
    const md = `${B}js doctest env=NOPE\nx\n${B}\n${B}text output\n${B}\n`;
    expect(() => extractExamples(md, "docs/t.md")).toThrow(/docs\/t\.md:1: invalid meta word/);
  });
});

describe("helpers", () => {
  test("splitInfo keeps quoted values together", () => {
    expect(splitInfo(`js doctest title="a b.js"`)).toEqual(["js", "doctest", 'title="a b.js"']);
  });

  test("normalizeOutput trims trailing whitespace and trailing blank lines only", () => {
    expect(normalizeOutput("a  \n  b\t\n\n\n")).toBe("a\n  b");
    expect(normalizeOutput("\nx")).toBe("\nx");
  });

  test("createLimiter never exceeds its bound", async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const task = () =>
      limit(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
      });
    await Promise.all(Array.from({ length: 10 }, task));
    expect(peak).toBe(2);
  });
});
