import { createHash } from "node:crypto";
import { copyFileSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cacheDir } from "../cache";

/** The hash a module is stored under (sha256, hex): the render cache's too. */
export const moduleHash = (contents: string) => createHash("sha256").update(contents).digest("hex");

/** A module's file in the store. */
const storedName = (hash: string) => `${hash.slice(0, 40)}.mjs`;

/**
 * The pages' server modules, kept by content between builds and hard-linked into each build's
 * server folder: a rebuild of 2,000 pages otherwise makes 2,000 files it made last time (4,000,
 * about 3 s on this machine's disk, when a page's deferred HTML had a module of its own), where
 * linking them costs a fraction of that. Only the modules of the pages that render are linked
 * (`link`): a rebuild after one edit renders one page, and linking all 4,000 (with a call per
 * module asking whether the store had it) cost its main thread about 0.16 s.
 */
export class ServerModuleStore {
  private readonly dir: string;
  private readonly used = new Set<string>();
  /** The store's file names, listed once. */
  private readonly stored: Set<string>;
  /** Modules placed and not linked yet: the stored name by target path. */
  private readonly waiting = new Map<string, string>();

  /** `placedHashes` is told the sha256 (hex) of each module placed, by its target path. */
  constructor(
    siteDir: string,
    private readonly placedHashes?: Map<string, string>,
  ) {
    this.dir = cacheDir(siteDir, "server-modules");
    mkdirSync(this.dir, { recursive: true });
    this.stored = new Set(readdirSync(this.dir));
  }

  /** Makes `contents` the module at `target` (a new path in the build's server folder), once linked. */
  place(target: string, contents: string): void {
    this.placeHashed(target, moduleHash(contents), () => contents);
  }

  /** Whether the store holds the module of this hash (moduleHash), for place to find. */
  has(hash: string): boolean {
    return this.stored.has(storedName(hash));
  }

  /** place, for a module whose hash (moduleHash) is known: its contents are asked for only when the store lacks it. */
  placeHashed(target: string, hash: string, contents: () => string): void {
    const name = storedName(hash);
    this.placedHashes?.set(target, hash);
    this.used.add(name);
    if (!this.stored.has(name)) {
      const stored = path.join(this.dir, name);
      try {
        // Under a temporary name first: a build stopped halfway never leaves a truncated module.
        writeFileSync(`${stored}.tmp-${process.pid}`, contents());
        renameSync(`${stored}.tmp-${process.pid}`, stored);
        this.stored.add(name);
      } catch {
        // A read-only cache: the module is written where it is needed, now.
        writeFileSync(target, contents());
        return;
      }
    }
    this.waiting.set(target, name);
  }

  /** Puts the modules at these targets into the server folder. */
  link(targets: Iterable<string>): void {
    for (const target of targets) {
      const name = this.waiting.get(target);
      if (name === undefined) continue;
      this.waiting.delete(target);
      const stored = path.join(this.dir, name);
      try {
        linkSync(stored, target);
      } catch {
        // A cache on another disk: a copy.
        copyFileSync(stored, target);
      }
    }
  }

  /** Removes the modules this build did not use, so the store holds one build's worth. */
  prune(): void {
    for (const name of this.stored) {
      if (this.used.has(name)) continue;
      rmSync(path.join(this.dir, name), { force: true });
      this.stored.delete(name);
    }
  }
}
