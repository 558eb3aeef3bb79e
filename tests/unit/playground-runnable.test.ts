import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isPlaygroundRunnable, moduleSpecifiers, rewriteSpecifiers } from "../../src/core/playground";
import { compileMarkdown } from "../../src/node/markdown/compile";

describe("which examples the playground can run", () => {
  it("finds every import form, across lines", () => {
    const code = ['import { sql } from "pg-sql2";', "import te, {\n  lit as l\n} from 'tamedevil';", 'import * as all from "a";', 'import "side-effect";', 'export { x } from "b";', 'const later = await import("c");', "import.meta.url;"].join("\n");
    expect(moduleSpecifiers(code).map((found) => found.specifier)).toEqual(["pg-sql2", "tamedevil", "a", "side-effect", "b", "c"]);
  });

  it("accepts JavaScript importing only the site's packages", () => {
    const packages = ["pg-sql2", "tamedevil"];
    expect(isPlaygroundRunnable("js", 'import { sql } from "pg-sql2";\nconsole.log(1);', packages)).toBe(true);
    expect(isPlaygroundRunnable("js", "console.log(1);", packages)).toBe(true);
    expect(isPlaygroundRunnable("js", 'import { readFile } from "node:fs/promises";', packages)).toBe(false);
    expect(isPlaygroundRunnable("js", 'import { sql } from "pg-sql2/dist/index.js";', packages)).toBe(false);
    expect(isPlaygroundRunnable("ts", 'import { sql } from "pg-sql2";', packages)).toBe(false);
  });

  it("rewrites only the specifiers it is given a replacement for", () => {
    const code = 'import { sql } from "pg-sql2";\nimport x from "other";\nconst s = "pg-sql2";';
    expect(rewriteSpecifiers(code, (specifier) => (specifier === "pg-sql2" ? "blob:1" : undefined))).toBe('import { sql } from "blob:1";\nimport x from "other";\nconst s = "pg-sql2";');
  });
});

describe("the compile marks runnable examples", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playground-compile-"));
  mkdirSync(path.join(dir, "docs"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const page = [
    "```js doctest env=GRAPHILE_ENV=development query",
    'import { sql } from "pg-sql2";',
    "console.log(sql.compile(sql`select 1`).text);",
    "```",
    "",
    "```text output",
    "select 1",
    "```",
    "",
    "```js doctest",
    'import { readFile } from "node:fs/promises";',
    "```",
  ].join("\n");
  const compile = (playgroundPackages?: string[], deferHtml = false) =>
    compileMarkdown({ file: path.join(dir, "docs/page.md"), body: page, frontMatter: {}, routeOfSource: () => undefined, additionalLanguages: [], development: false, siteDir: dir, prismThemes: {}, playgroundPackages, deferHtml });

  it("wraps one in TryIt when its block keeps its HTML (the dev server), carrying the exact code, the query word and the env words; leaves other examples alone", async () => {
    const { code } = await compile(["pg-sql2"]);
    expect(code).toContain('import TryIt from "@theme/TryIt"');
    expect(code.match(/_jsx\(TryIt|jsx\(TryIt/g)?.length).toBe(1);
    expect(code).toContain(JSON.stringify('import { sql } from "pg-sql2";\nconsole.log(sql.compile(sql`select 1`).text);'));
    expect(code).toContain(`env: ${JSON.stringify(JSON.stringify({ GRAPHILE_ENV: "development" }))}`);
    expect(code).toContain("query: true");
  });

  it("adds nothing when the site has no playground", async () => {
    expect((await compile(undefined)).code).not.toContain("TryIt");
    expect((await compile(undefined, true)).runnableExamples).toBeUndefined();
  });

  it("leaves a built route's module as it is without a playground, and hands over its examples by block key", async () => {
    const withPlayground = await compile(["pg-sql2"], true);
    const without = await compile(undefined, true);
    expect(withPlayground.code).toBe(without.code);
    // Three code blocks: the runnable example, its output, and an example importing node:fs.
    const keys = [...withPlayground.code.matchAll(/htmlKey: "(\d+)"/g)].map((match) => match[1]);
    expect(keys).toHaveLength(3);
    const key = keys[0];
    expect(withPlayground.runnableExamples).toEqual({
      [Number(key)]: { code: 'import { sql } from "pg-sql2";\nconsole.log(sql.compile(sql`select 1`).text);', query: true, env: { GRAPHILE_ENV: "development" } },
    });
  });
});
