import { DEFAULT_OUT_DIR, prestartUntouchedOutput, sourcesUnchangedSince } from "../src/node/build/outputCache";
import { deferCompilePool, prestartCompilePool } from "../src/node/markdown/compilePool";
import { parseArgs, runCli, siteDirOf } from "./cli";

// A production build whatever NODE_ENV the shell or a test runner passed down (Docusaurus' build
// sets it the same way): Vite takes NODE_ENV=test as a development bundle, and a rebuild that
// reuses the app bundle never loads Vite, so its pages would render with React's development
// build, several times slower.
process.env.NODE_ENV = "production";

// The compile thread starts first: it loads the Markdown toolchain while this thread loads the
// rest of the generator, imported below rather than statically for that reason. So does the
// listing of the last output (a stat per file), which decides whether a rebuild can reuse it.
if (!process.argv.includes("--version")) {
  const args = parseArgs(process.argv.slice(2));
  const last = prestartUntouchedOutput(siteDirOf(args), args.values.get("out-dir") ?? DEFAULT_OUT_DIR);
  // Not when the last build's pages are all as it left them: that build's output is most likely
  // reused, and a thread loading the toolchain would only compete with this one for the cores
  // (0.9 s of CPU against a 2,000-page site's 1.2 s rebuild). A page found changed starts it.
  if (!last || !sourcesUnchangedSince(last)) prestartCompilePool();
  else deferCompilePool();
}
const [{ buildSite }, { GENERATOR_VERSION }] = await Promise.all([import("../src/node/build/build"), import("../src/node/version")]);

runCli(async (args) => {
  if (args.flags.has("version")) {
    console.log(GENERATOR_VERSION);
    return;
  }
  const started = performance.now();
  const result = await buildSite({
    siteDir: siteDirOf(args),
    outDir: args.values.get("out-dir"),
    onWarning: (message) => console.warn(`[warning] ${message}`),
    log: (message) => console.log(message),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Done in ${seconds} s (${Object.entries(result.timings).map(([step, ms]) => `${step} ${ms} ms`).join(", ")})`);
  if (result.warnings.length) console.log(`${result.warnings.length} warning(s).`);
});

