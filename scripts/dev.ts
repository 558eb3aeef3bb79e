import { startDevServer } from "../src/node/dev/devServer";
import { parsePort, runCli } from "./cli";

runCli(async (args) => {
  const server = await startDevServer({
    siteDir: process.cwd(),
    port: parsePort(args.values.get("port"), 3000),
    host: args.values.get("host") ?? "localhost",
  });
  console.log(`Dev server running at ${server.url} (edits to docs/ show up as you save)`);
});
