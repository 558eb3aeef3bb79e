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

/** A --port value as a number, or a SiteError saying what a port looks like. */
export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new SiteError(`--port ${JSON.stringify(value)} is not a port: give a whole number from 1 to 65535, such as --port 3000`);
  }
  return port;
}

/** What went wrong when a server could not listen, in words, or undefined for other errors. */
export function listenProblem(error: unknown): string | undefined {
  const { code, port, address, syscall } = (error ?? {}) as NodeJS.ErrnoException & { port?: number; address?: string };
  // A file that may not be written is EACCES too: only a failed listen is about the port.
  if (syscall !== "listen") return undefined;
  const where = port === undefined ? "the port" : `port ${port}${address ? ` on ${address}` : ""}`;
  if (code === "EADDRINUSE") return `${where} is already in use (another server is running there); stop it or pass another port, such as --port ${(port ?? 3000) + 1}`;
  if (code === "EACCES") return `${where} may not be opened by this user (ports below 1024 need extra rights); pass --port 3000 or higher`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return `the host ${JSON.stringify(address ?? "")} is not an address of this machine; pass --host 127.0.0.1 or --host 0.0.0.0`;
  return undefined;
}

/** A file or folder the command may not write (an unwritable project or output folder, a read-only disk). */
export function fileAccessProblem(error: unknown): string | undefined {
  const { code, path: file, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (!file || syscall === "listen" || !(code === "EACCES" || code === "EPERM" || code === "EROFS")) return undefined;
  const why = code === "EROFS" ? "it is on a read-only file system" : "this user may not";
  return `${file} could not be ${syscall === "open" || syscall === "mkdir" || syscall === "rename" ? "written" : "changed"} (${syscall}: ${why}); make the project writable for this user, or pass --out-dir to a folder that is`;
}

/** Site errors already say what is wrong and where; anything else is a bug and keeps its stack. */
export function formatError(error: unknown): string {
  if (error instanceof SiteError) return `Error: ${error.message}`;
  const problem = listenProblem(error) ?? fileAccessProblem(error);
  if (problem) return `Error: ${problem}`;
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
