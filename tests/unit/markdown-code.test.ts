import { describe, expect, it } from "vitest";
import { parseCodeMeta, parseLineRanges } from "../../src/node/markdown/codeMeta";
import { renderLines } from "../../src/node/markdown/codeBlocks";
import { BASE_LANGUAGES, highlightLines, resolveLanguage } from "../../src/node/markdown/highlight";
import { applyMagicComments } from "../../src/node/markdown/magicComments";

describe("parseCodeMeta", () => {
  it("reads title, line ranges and line numbers", () => {
    const meta = parseCodeMeta(`title="src/app file.ts" {1,4-6} showLineNumbers`);
    expect(meta).toMatchObject({ title: "src/app file.ts", highlightLines: [1, 4, 5, 6], lineNumbersStart: 1, problems: [] });
    expect(parseCodeMeta("showLineNumbers=12").lineNumbersStart).toBe(12);
    expect(parseCodeMeta("title='single'").title).toBe("single");
    expect(parseCodeMeta("{ 2 - 3 , 7 }").highlightLines).toEqual([2, 3, 7]);
  });

  it("understands the doc-test words and ignores unknown ones", () => {
    const meta = parseCodeMeta("doctest query env=GRAPHILE_ENV=development env=A=1=2 live noInline");
    expect(meta).toMatchObject({ doctest: true, query: true, output: false, env: { GRAPHILE_ENV: "development", A: "1=2" }, problems: [] });
    expect(parseCodeMeta("output").output).toBe(true);
    expect(parseCodeMeta(undefined)).toMatchObject({ highlightLines: [], problems: [] });
  });

  it("reports malformed meta as problems, never throws", () => {
    expect(parseCodeMeta(`title="unterminated`).problems[0]).toMatch(/unterminated " quote/);
    expect(parseCodeMeta("{1,3").problems[0]).toMatch(/unclosed "\{"/);
    expect(parseCodeMeta("{x}").problems[0]).toMatch(/"x" in \{x\} is not a line number/);
    expect(parseCodeMeta("{5-2}").problems[0]).toMatch(/empty or starts before line 1/);
    expect(parseCodeMeta("{0}").problems[0]).toMatch(/starts before line 1/);
    expect(parseCodeMeta("showLineNumbers=abc").problems[0]).toMatch(/not a line number/);
    expect(parseCodeMeta("env=nope").problems[0]).toMatch(/env=NAME=value/);
    expect(parseCodeMeta("title=").problems[0]).toMatch(/title needs a value/);
  });

  it("parses line ranges", () => {
    const problems: string[] = [];
    expect(parseLineRanges("3,1,2-3", problems)).toEqual([1, 2, 3]);
    expect(problems).toEqual([]);
  });
});

describe("magic comments", () => {
  it("highlights the next line and start/end ranges, removing the comments", () => {
    const code = ["a", "// highlight-next-line", "b", "// highlight-start", "c", "d", "// highlight-end", "e"].join("\n");
    const result = applyMagicComments(code, "javascript");
    expect(result.code).toBe("a\nb\nc\nd\ne");
    expect(result.highlightLines).toEqual([2, 3, 4]);
    expect(result.problems).toEqual([]);
  });

  it("uses the comment syntax of the language", () => {
    expect(applyMagicComments("x = 1\n# highlight-next-line\ny = 2", "python")).toMatchObject({ code: "x = 1\ny = 2", highlightLines: [2] });
    expect(applyMagicComments("select 1;\n-- highlight-next-line\nselect 2;", "sql")).toMatchObject({ highlightLines: [2] });
    expect(applyMagicComments("<p>\n<!-- highlight-next-line -->\n</p>", "markup")).toMatchObject({ code: "<p>\n</p>", highlightLines: [2] });
    expect(applyMagicComments("a {\n/* highlight-next-line */\ncolor: red; }", "css")).toMatchObject({ highlightLines: [2] });
    expect(applyMagicComments("<div>\n{/* highlight-next-line */}\n</div>", "jsx")).toMatchObject({ highlightLines: [2] });
    // `#` is not a comment in JavaScript, so the line stays.
    expect(applyMagicComments("# highlight-next-line\nx", "javascript")).toMatchObject({ code: "# highlight-next-line\nx", highlightLines: [] });
    // Plain text accepts // and #.
    expect(applyMagicComments("# highlight-next-line\nx", undefined)).toMatchObject({ code: "x", highlightLines: [1] });
  });

  it("reports unbalanced markers with the line in the code", () => {
    expect(applyMagicComments("a\n// highlight-end", "javascript").problems).toEqual([{ line: 2, message: "highlight-end without a highlight-start before it" }]);
    const open = applyMagicComments("// highlight-start\na\nb", "javascript");
    expect(open.highlightLines).toEqual([1, 2]);
    expect(open.problems[0]).toMatchObject({ line: 1, message: expect.stringMatching(/without a highlight-end/) });
    expect(applyMagicComments("a\n// highlight-next-line", "javascript").problems[0].message).toMatch(/last line/);
  });
});

describe("highlighting", () => {
  const samples: Record<string, string> = {
    markup: "<p class=\"x\">hi</p>",
    css: "a { color: red; }",
    javascript: "const a = 1;",
    typescript: "let a: number = 1;",
    jsx: "const x = <div className=\"a\" />;",
    tsx: "const x: JSX.Element = <div />;",
    python: "def f(x):\n    return x",
    go: "func main() {}",
    rust: "fn main() { let x = 1; }",
    swift: "let x: Int = 1",
    kotlin: "fun main() { val x = 1 }",
    c: "int main(void) { return 0; }",
    cpp: "int main() { return 0; }",
    sql: "select * from users where id = 1;",
    graphql: "query Q { user { id } }",
    json: "{ \"a\": true }",
    yaml: "key: value",
    markdown: "# Title\n**bold**",
    bash: "echo \"hi\" | grep h",
    ini: "[core]\nname = value",
    toml: "[a]\nb = \"c\"",
    docker: "FROM node:22\nRUN npm ci",
  };

  for (const [language, code] of Object.entries(samples)) {
    it(`highlights ${language}`, () => {
      const resolution = resolveLanguage(language, []);
      expect(resolution).toEqual({ kind: "prism", id: language });
      const html = highlightLines(code, resolution).join("\n");
      expect(html).toMatch(/<span class="token [a-z-]+/);
    });
  }

  it("covers every language the spec names in the base set", () => {
    for (const language of ["markup", "css", "javascript", "typescript", "jsx", "tsx", "python", "go", "rust", "swift", "kotlin", "c", "cpp", "sql", "graphql", "json", "yaml", "markdown", "bash", "ini", "toml", "docker"]) {
      expect(BASE_LANGUAGES).toContain(language);
    }
  });

  it("knows the usual aliases", () => {
    for (const [alias, id] of [["js", "javascript"], ["ts", "typescript"], ["html", "markup"], ["sh", "bash"], ["shell", "bash"], ["yml", "yaml"], ["py", "python"], ["dockerfile", "docker"], ["md", "markdown"], ["console", "shell-session"]]) {
      expect(resolveLanguage(alias, [])).toEqual({ kind: "prism", id });
    }
  });

  it("needs additionalLanguages for diff, and highlights it then", () => {
    expect(resolveLanguage("diff", [])).toMatchObject({ kind: "unknown", reason: expect.stringMatching(/additionalLanguages/) });
    const resolution = resolveLanguage("diff", ["diff"]);
    expect(resolution).toEqual({ kind: "prism", id: "diff" });
    const [removed, added] = highlightLines("- old\n+ new", resolution);
    expect(removed).toContain('class="token deleted-sign deleted"');
    expect(added).toContain('class="token inserted-sign inserted"');
  });

  it("treats text as plain and unknown names as unknown", () => {
    for (const plain of ["", "text", "txt", "plaintext"]) expect(resolveLanguage(plain, [])).toEqual({ kind: "plain" });
    expect(resolveLanguage("klingon", [])).toMatchObject({ kind: "unknown" });
    expect(highlightLines("<a> & b", { kind: "plain" })).toEqual(["&lt;a&gt; &amp; b"]);
  });

  it("closes and reopens tokens that span lines, so each line is well-formed", () => {
    const lines = highlightLines("/* one\ntwo */\nconst s = `a\nb`;", resolveLanguage("js", []));
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect((line.match(/<span/g) ?? []).length).toBe((line.match(/<\/span>/g) ?? []).length);
    }
    expect(lines[1]).toBe('<span class="token comment">two */</span>');
  });

  it("renders lines with newlines inside the line spans and marks highlighted ones", () => {
    const html = renderLines(["a", "", "c"], new Set([3]));
    expect(html).toBe('<span class="code-block__line">a\n</span><span class="code-block__line">\n</span><span class="code-block__line code-block__line--highlighted">c</span>');
  });
});
