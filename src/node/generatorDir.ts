import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The nearest folder above `start` holding a package.json: this package's root whether the code
 * runs from its TypeScript sources (src/node) or from the compiled bundle (dist/).
 */
export function packageRootAbove(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/** The folder of this package: where the runtime (src/) lives, whichever site is being built. */
export const GENERATOR_DIR = packageRootAbove(path.dirname(fileURLToPath(import.meta.url)));
