import path from "node:path";
import { SiteError } from "../src/node/errors";

export interface CliArgs {
  flags: Set<string>;
  values: Map<string, string>;
}

/** Parses "--name value", "--name=value" and bare "--flag". */
export function parseArgs(argv: string[], valued: string[] = ["port", "host", "out-dir", "dir", "site"]): CliArgs {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (!arg.startsWith("--")) continue;
    const [name, inline] = arg.slice(2).split("=", 2);
    if (inline !== undefined) values.set(name, inline);
    else if (valued.includes(name) && index + 1 < argv.length) values.set(name, argv[++index]);
    else flags.add(name);
  }
  return { flags, values };
}

/** Site errors already say what is wrong and where; anything else is a bug and keeps its stack. */
export function formatError(error: unknown): string {
  if (error instanceof SiteError) return `Error: ${error.message}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/** The site folder: `--site DIR` (a Docusaurus site or ours), else the current folder. */
export function siteDirOf(args: CliArgs): string {
  return path.resolve(args.values.get("site") ?? process.cwd());
}

export function runCli(main: (args: CliArgs) => Promise<void>): void {
  main(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(formatError(error));
    process.exit(1);
  });
}
