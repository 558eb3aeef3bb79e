import { realpathSync, statSync } from "node:fs";
import path from "node:path";

/**
 * True when `file` is a regular file whose real location (after following
 * links) is inside `rootDir`. Servers use it so a link in static/ or build/
 * to /etc/passwd is never sent.
 */
export function isServableFile(file: string, rootDir: string): boolean {
  try {
    const real = realpathSync(file);
    const root = realpathSync(rootDir);
    return (real === root || real.startsWith(root + path.sep)) && statSync(real).isFile();
  } catch {
    return false;
  }
}
