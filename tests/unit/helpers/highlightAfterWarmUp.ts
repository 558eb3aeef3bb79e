// Run in a fresh process: with "warm", compiles the compile thread's warm-up page first, as a
// compile thread does before its first page; then loads a site's extra languages and prints the
// highlighting of samples in them as JSON.
import { warmUpCompile } from "../../../src/node/markdown/compileWarmUp";
import { highlightLines, loadAdditionalLanguages, resolveLanguage } from "../../../src/node/markdown/highlight";

const samples: Record<string, string> = {
  flow: "const label = `rows: ${(count: number) => count + 1}`;",
  scss: "@media (min-width: $wide) { .menu { display: flex; } }",
  js: "const query = sql`select ${sql.value(1)} as one`;",
};
if (process.argv[2] === "warm") await warmUpCompile();
const extra = ["flow", "scss"];
loadAdditionalLanguages(extra);
const output = Object.fromEntries(Object.entries(samples).map(([language, code]) => [language, highlightLines(code, resolveLanguage(language, extra)).join("\n")]));
process.stdout.write(JSON.stringify(output));
