import path from "node:path";
import { createDocsVersion } from "../plugins/content-docs/docsVersion";
import { loadSiteConfig } from "../src/node/config/load";
import { parseArgs, runCli } from "./cli";

const VALUED = ["site", "plugin"];

/** The first argument that is neither an option nor an option's value: the version name. */
function versionArgument(argv: string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg.startsWith("--")) {
      if (VALUED.includes(arg.slice(2)) && !arg.includes("=")) index++;
      continue;
    }
    return arg;
  }
  return undefined;
}

// npm run docs:version -- 2.0 [--site DIR] [--plugin ID]
runCli(async () => {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv, VALUED);
  const siteDir = path.resolve(args.values.get("site") ?? process.cwd());
  const config = await loadSiteConfig(siteDir);
  const pluginId = args.values.get("plugin");
  const version = versionArgument(argv);
  const result = await createDocsVersion({ siteDir, config, pluginId, version });
  const rel = (file: string) => path.relative(siteDir, file);
  console.log(`Version ${version} of docs "${pluginId ?? "default"}" created: ${rel(result.docsDir)}, ${result.sidebarsFile ? `${rel(result.sidebarsFile)}, ` : ""}${rel(result.versionsFile)}`);
});
