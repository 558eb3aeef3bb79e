import path from "node:path";
import { expect, it } from "vitest";
import { compileMarkdown } from "../../src/node/markdown/compile";
import { benchPage } from "../../scripts/benchCompile";

// The compile benchmark (scripts/benchCompile.ts, printed by `npm run bench`) times this page; here
// only that it is the page it claims to be: ten code blocks, each highlighted, no warnings.
it("the compile benchmark's page compiles to ten highlighted code blocks without warnings", async () => {
  const body = benchPage();
  expect(body.match(/^```\w+/gm)).toHaveLength(10);
  const page = await compileMarkdown({
    file: path.resolve(import.meta.dirname, "../../.cache/bench/page.md"),
    body,
    frontMatter: {},
    routeOfSource: () => undefined,
    additionalLanguages: ["diff"],
    development: false,
    prismThemes: { theme: "github", darkTheme: "dracula" },
  });
  expect(page.warnings).toEqual([]);
  const blocks = page.code.split("_jsx(CodeBlock, {").slice(1);
  expect(blocks).toHaveLength(10);
  for (const block of blocks) expect(block).toMatch(/^[^]*?html: "[^\n]*class=\\"token /);
});
