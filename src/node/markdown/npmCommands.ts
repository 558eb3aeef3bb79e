/**
 * npm commands rewritten for another package manager, by the rules of the
 * npm-to-yarn library that Docusaurus' npm2yarn remark plugin uses (read from
 * its source; this is our own code). Each `npm …` or `npx …` up to the end of
 * the line or a `&` is rewritten; the rest of the text stays. A command with no
 * rule keeps its words and gets the library's "couldn't auto-convert" comment.
 */

export type PackageManager = "yarn" | "pnpm" | "bun";

const NOT_CONVERTED = "\n# couldn't auto-convert command";

/** npm subcommands yarn spells the same way. */
const SAME_IN_YARN = new Set(["init", "run", "test", "login", "logout", "link", "publish", "cache"]);

/** yarn's own subcommands: `npm run <one of these>` must keep `run` (yarn would run its own command). */
const YARN_SUBCOMMANDS = new Set([
  "add", "audit", "autoclean", "bin", "check", "config", "create", "dedupe", "generate-lock-entry", "global", "help", "import", "info", "install",
  "licenses", "list", "lockfile", "outdated", "owner", "pack", "policies", "prune", "remove", "self-update", "tag", "team", "unlink", "upgrade",
  "upgrade-interactive", "version", "versions", "why", "workspace", "workspaces",
]);

const REMOVE_ALIASES = new Set(["uninstall", "un", "remove", "rm", "r", "unlink"]);

/** Words of a command; quoted strings stay one word, quotes kept. */
function words(command: string): string[] {
  return command.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
}

function withoutSeparator(args: string[]): string[] {
  const index = args.indexOf("--");
  return index < 0 ? args : [...args.slice(0, index), ...args.slice(index + 1)];
}

const YARN_FLAGS: Record<string, string> = {
  "--save-dev": "--dev", "-D": "--dev", "--save-prod": "--production", "-P": "--production", "--no-package-lock": "--no-lockfile",
  "--save-optional": "--optional", "-O": "--optional", "--save-exact": "--exact", "-E": "--exact", "--save": "", "-S": "", "--global": "", "-g": "",
};

function yarnPackageArgs(args: string[]): string[] {
  const global = args.includes("--global") || args.includes("-g");
  const mapped = args.map((arg) => YARN_FLAGS[arg] ?? arg);
  return global ? ["global", ...mapped] : mapped;
}

function toYarn(args: string[]): string {
  const [command, ...rest] = withoutSeparator(args);
  const yarn = (parts: string[]) => `yarn ${parts.filter(Boolean).join(" ")}`;
  if (SAME_IN_YARN.has(command) && !(command === "init" && rest[0] && !rest[0].startsWith("-")) && command !== "run") return yarn([command, ...rest]);
  switch (command) {
    case "install":
    case "i":
      return rest.length === 0 ? "yarn install" : yarn(yarnPackageArgs(["add", ...rest]));
    case "run":
    case "exec":
      // `npm run build` is `yarn build`, unless the script's name is one of yarn's own commands.
      return rest[0] && !SAME_IN_YARN.has(rest[0]) && !YARN_SUBCOMMANDS.has(rest[0]) ? yarn(rest) : yarn(["run", ...rest]);
    case "version":
      return yarn([command, ...rest.map((arg) => (["major", "minor", "patch"].includes(arg) ? `--${arg}` : arg))]);
    case "rebuild":
    case "rb":
      return yarn(["add", ...rest, "--force"]);
    case "ls":
    case "list": {
      // The names before the first flag become one --pattern.
      const firstFlag = rest.findIndex((arg) => arg.startsWith("-"));
      const packages = firstFlag < 0 ? rest : rest.slice(0, firstFlag);
      const flags = rest.slice(packages.length);
      return yarn(["list", ...(packages.length > 0 ? ["--pattern", `"${packages.join("|")}"`] : []), ...flags]);
    }
    case "init":
      return yarn(["create", ...rest.filter((arg) => arg !== "--scope")]);
    case "start":
    case "stop":
      return yarn([command, ...rest]);
    default:
      if (REMOVE_ALIASES.has(command)) return yarn(yarnPackageArgs(["remove", ...rest]));
      return `yarn ${args.join(" ")}${NOT_CONVERTED}`;
  }
}

const PNPM_RENAMED: Record<string, string> = { run: "run", exec: "exec", ln: "link", link: "link", t: "test", test: "test", tst: "test", start: "start", outdated: "outdated" };

/** pnpm takes package names of rebuild and unlink as a --filter. */
function pnpmFilter(command: string, rest: string[]): string[] {
  const names = rest.filter((arg) => !arg.startsWith("-"));
  return names.length > 0 ? [command, ...rest.filter((arg) => arg.startsWith("-")), "--filter", names.join(" ")] : [command, ...rest];
}

function toPnpm(args: string[]): string {
  const [command, ...rest] = args;
  const pnpm = (parts: string[]) => `pnpm ${parts.filter(Boolean).join(" ")}`;
  const installFlags = (list: string[]) => list.map((arg) => (arg === "--save" || arg === "-S" ? "" : arg === "--no-package-lock" ? "--frozen-lockfile" : arg));
  if (command in PNPM_RENAMED) return pnpm([PNPM_RENAMED[command], ...rest]);
  switch (command) {
    case "install":
    case "i":
      return pnpm(installFlags([rest.some((arg) => !arg.startsWith("-")) ? "add" : "install", ...rest]));
    case "rebuild":
    case "rb":
      return pnpm(pnpmFilter("rebuild", rest));
    case "unlink":
      return pnpm(pnpmFilter("unlink", rest));
    case "ls":
    case "list":
      return pnpm([command, ...rest.map((arg) => (arg.startsWith("--depth=") ? `--depth ${arg.slice("--depth=".length)}` : arg === "--production" ? "--prod" : arg === "--development" ? "--dev" : arg))]);
    case "init":
      return pnpm([rest[0] && !rest[0].startsWith("-") ? "create" : "init", ...rest.filter((arg) => arg !== "--scope")]);
    case "pack":
      return pnpm([command, ...rest.map((arg) => arg.replace(/^--pack-destination=/, "--pack-destination "))]);
    default:
      if (REMOVE_ALIASES.has(command)) return pnpm(installFlags(["remove", ...rest]));
      return `npm ${args.join(" ")}${NOT_CONVERTED}`;
  }
}

const BUN_FLAGS: Record<string, string> = {
  "--save-dev": "--dev", "--development": "--dev", "-D": "--dev", "--save-prod": "--production", "-P": "--production", "--no-package-lock": "--no-save",
  "--save-optional": "--optional", "-O": "--optional", "--save-exact": "--exact", "-E": "--exact", "--save": "", "-S": "", "-g": "--global",
};

function toBun(args: string[]): string {
  const [command, ...rest] = withoutSeparator(args);
  const flags = (list: string[]) => list.map((arg) => BUN_FLAGS[arg] ?? arg);
  let tool = "bun";
  let parts: string[];
  switch (command) {
    case "install":
    case "i":
      parts = flags(rest.length === 0 ? ["install"] : ["add", ...rest]);
      break;
    case "rebuild":
    case "rb":
      parts = ["add", ...rest, "--force"];
      break;
    case "run":
    case "start":
    case "stop":
    case "unlink":
      parts = [command, ...rest];
      break;
    case "ls":
    case "list":
      parts = ["pm", "ls", ...flags(rest)];
      break;
    case "link":
    case "ln":
      parts = ["link", ...flags(rest)];
      break;
    case "test":
    case "t":
    case "tst":
      parts = ["run", "test", ...rest];
      break;
    case "exec":
      tool = "bunx";
      parts = rest;
      break;
    case "cache":
      if (rest[0] !== "clean") return `npm ${args.join(" ")}${NOT_CONVERTED}`;
      parts = ["pm", "cache", "rm"];
      break;
    case "init":
    case "create": {
      const starter = rest[0];
      if (starter && !starter.startsWith("-")) {
        // `npm init foo` runs the create-foo package; a scoped `@scope/foo` runs `@scope/create-foo`.
        tool = "bunx";
        parts = [starter.startsWith("@") ? starter.replace("/", "/create-") : `create-${starter}`, ...rest.slice(1)];
      } else parts = ["init", ...rest];
      break;
    }
    default:
      if (REMOVE_ALIASES.has(command) && command !== "unlink") {
        parts = flags(["remove", ...rest]);
        break;
      }
      return `npm ${args.join(" ")}${NOT_CONVERTED}`;
  }
  // As npm-to-yarn does, the first "=" becomes a space (`--depth=1` → `--depth 1`).
  return `${tool} ${parts.filter(Boolean).join(" ")}`.replace("=", " ");
}

const EXECUTOR: Record<PackageManager, string> = { yarn: "yarn dlx", pnpm: "pnpm dlx", bun: "bunx" };
const CONVERTERS: Record<PackageManager, (args: string[]) => string> = { yarn: toYarn, pnpm: toPnpm, bun: toBun };

/** The text with every npm and npx command rewritten for `target`. */
export function convertNpmCommands(text: string, target: PackageManager): string {
  return text.replace(/(?<![\w-])(npx|npm)(?: +([^&\n\r]*))?/g, (whole, tool: string, command: string | undefined) => {
    const args = words((command ?? "").trim());
    if (tool === "npx") return args.length > 0 ? `${EXECUTOR[target]} ${args.join(" ")}` : whole;
    return CONVERTERS[target](args);
  });
}
