import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const nearestPackageJson = new Map<string, string | undefined>();
const packageTypes = new Map<string, unknown>();

/** The package.json that governs `dir` (Node's rule: the nearest one up the tree), if any. */
function packageJsonOf(dir: string): string | undefined {
  if (nearestPackageJson.has(dir)) return nearestPackageJson.get(dir);
  const here = path.join(dir, "package.json");
  const parent = path.dirname(dir);
  const found = existsSync(here) ? here : parent === dir ? undefined : packageJsonOf(parent);
  nearestPackageJson.set(dir, found);
  return found;
}

/**
 * A file a plugin resolved, as the bundler's own resolver would hand it over: with the package.json
 * that says whether the file is an ES module. Rolldown reads a module's kind from that, and without
 * it took a plugin-resolved file for a CommonJS-era one. The kind decides how the module's imports
 * of CommonJS packages (React) are wrapped, and a chunk wraps each package once, the way its first
 * importer wants: a theme file reached both by `@theme/X` (here) and by a relative import (Rolldown's
 * resolver) got whichever kind the faster resolution gave it, and the chunk's bytes changed from
 * build to build.
 */
export function resolvedFile(file: string): { id: string; packageJsonPath?: string } {
  const packageJsonPath = packageJsonOf(path.dirname(file));
  return packageJsonPath ? { id: file, packageJsonPath } : { id: file };
}

/** Whether the package governing `file` says "type": "module" (its .js/.ts files are ES modules). */
export function inModulePackage(file: string): boolean {
  const packageJson = packageJsonOf(path.dirname(file));
  if (!packageJson) return false;
  if (!packageTypes.has(packageJson)) {
    try {
      packageTypes.set(packageJson, (JSON.parse(readFileSync(packageJson, "utf8")) as { type?: unknown }).type);
    } catch {
      packageTypes.set(packageJson, undefined);
    }
  }
  return packageTypes.get(packageJson) === "module";
}
