import { createHash } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cacheDir } from "../cache";

/**
 * The pages' server modules, kept by content between builds and hard-linked into each build's
 * server folder: a rebuild of 2,000 pages otherwise makes 4,000 files it made last time (about
 * 3 s on this machine's disk), where linking them costs a fraction of that.
 */
export class ServerModuleStore {
  private readonly dir: string;
  private readonly used = new Set<string>();

  /** `placedHashes` is told the sha256 (hex) of each module placed, by its target path. */
  constructor(
    siteDir: string,
    private readonly placedHashes?: Map<string, string>,
  ) {
    this.dir = cacheDir(siteDir, "server-modules");
    mkdirSync(this.dir, { recursive: true });
  }

  /** Puts `contents` at `target` (a new path in the build's server folder). */
  place(target: string, contents: string): void {
    const hash = createHash("sha256").update(contents).digest("hex");
    const name = `${hash.slice(0, 40)}.mjs`;
    this.placedHashes?.set(target, hash);
    const stored = path.join(this.dir, name);
    this.used.add(name);
    try {
      if (!existsSync(stored)) {
        // Under a temporary name first: a build stopped halfway never leaves a truncated module.
        writeFileSync(`${stored}.tmp-${process.pid}`, contents);
        renameSync(`${stored}.tmp-${process.pid}`, stored);
      }
      linkSync(stored, target);
    } catch {
      // A read-only cache, or one on another disk: the module is written where it is needed.
      writeFileSync(target, contents);
    }
  }

  /** Removes the modules this build did not use, so the store holds one build's worth. */
  prune(): void {
    for (const name of readdirSync(this.dir)) if (!this.used.has(name)) rmSync(path.join(this.dir, name), { force: true });
  }
}
