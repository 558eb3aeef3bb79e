/**
 * Other generators, for comparison: each installed once into a scratch folder outside the project
 * (never a dependency of it) and timed building this site's docs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Installs `packages` (exact versions) into `scratch` unless `marker` (a file they bring) is there already. */
export function installInScratch(scratch: string, packages: string[], marker: string, label: string): void {
  if (existsSync(path.join(scratch, marker))) return;
  console.log(`Installing ${label} into ${scratch} (once) …`);
  mkdirSync(scratch, { recursive: true });
  if (!existsSync(path.join(scratch, "package.json"))) writeFileSync(path.join(scratch, "package.json"), `{ "name": "${path.basename(scratch)}", "private": true }\n`);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--save-exact", ...packages], { cwd: scratch, stdio: "inherit" });
}

export interface Timing {
  wall: number;
  /** User plus system CPU seconds and peak memory, when /usr/bin/time is there to measure them. */
  cpu?: number;
  peakMb?: number;
}

const TIME_BIN = "/usr/bin/time";

/** Wall seconds of a command (and its CPU time and peak memory where /usr/bin/time exists), its output shown only when it fails. */
export function timed(command: string, commandArgs: string[], cwd: string, scratch: string): Timing {
  const usageFile = path.join(scratch, `usage-${process.pid}.txt`);
  const measured = existsSync(TIME_BIN);
  const [program, programArgs] = measured ? [TIME_BIN, ["-f", "%U %S %M", "-o", usageFile, command, ...commandArgs]] : [command, commandArgs];
  const started = performance.now();
  try {
    execFileSync(program, programArgs, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`${command} ${commandArgs.join(" ")} failed in ${cwd}:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
    throw error;
  }
  const wall = (performance.now() - started) / 1000;
  if (!measured) return { wall };
  const [user, system, peakKb] = readFileSync(usageFile, "utf8").trim().split(/\s+/).slice(-3).map(Number);
  rmSync(usageFile, { force: true });
  return { wall, cpu: user + system, peakMb: peakKb / 1024 };
}

export function describe(timing: Timing): string {
  const wall = `${timing.wall.toFixed(1)} s wall`;
  return timing.cpu === undefined ? wall : `${wall}, ${timing.cpu.toFixed(1)} s CPU, ${Math.round(timing.peakMb!)} MB peak`;
}
