import { existsSync } from "node:fs";
import path from "node:path";
import { SiteError } from "../src/node/errors";
import { createStaticServer } from "../src/node/serve/staticServer";
import { parsePort, runCli, siteDirOf } from "./cli";

runCli(async (args) => {
  const dir = path.resolve(args.values.get("dir") ?? path.join(siteDirOf(args), "build"));
  if (!existsSync(path.join(dir, "index.html"))) throw new SiteError(`${dir} holds no built site; run "npm run build" first (with the same --site)`);
  const port = parsePort(args.values.get("port"), 3000);
  const host = args.values.get("host") ?? "127.0.0.1";
  const server = createStaticServer(dir);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  console.log(`Serving ${path.relative(process.cwd(), dir) || dir} at http://${host}:${port}/`);
});
