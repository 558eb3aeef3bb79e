import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Builds the real site once for the whole browser suite (each test file runs
 * in its own module scope, so a per-file flag would rebuild for every file).
 * E2E_SKIP_BUILD=1 reuses an existing build/ while iterating.
 */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, "../..");
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(path.join(root, "build/index.html"))) return;
  // The same start as `npm run build`: the compiled commands, bundled again when a source changed.
  execFileSync(process.execPath, [path.join(root, "scripts/run.mjs"), "build"], { cwd: root, stdio: "inherit" });
}
