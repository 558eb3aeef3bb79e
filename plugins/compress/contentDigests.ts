import { createHash } from "node:crypto";
import { mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { RACY_FILE_MS } from "../../src/core/constants";
import { readText } from "../../src/node/text";

/** Where the digests are kept, in the compressed copies' cache folder. */
export const CONTENT_DIGESTS_FILE = "content-digests.json";

const DIGEST = /^[0-9a-f]{64}$/;

export interface ContentDigests {
  /**
   * The SHA-256 (hex) of the file's bytes: from the last build's record when its stat is the same,
   * else read. Only for deciding which cached copies stay in use: see openContentDigests.
   */
  digestOf(file: string, contents: () => Promise<Buffer>): Promise<string>;
  /** Keeps this build's digests (only these) for the next build; a read-only disk only costs it the reading. */
  save(): void;
}

/**
 * Digests of the large files the compression caches (the playground's 15 MB of PostgreSQL), kept by
 * device, inode, size and modification time in nanoseconds. Every rebuild asks for them to mark
 * its cached copies as in use, and reading and hashing those files cost this site's one-page
 * rebuild about 0.1 s. Not the change time: the build hard-links these files from its bundle cache,
 * which moves it on every build. So a file rewritten at its old size with its old time put back
 * keeps its old digest: the price is a cache entry kept or dropped wrongly (compressed again
 * later), never a wrong copy, since copies are looked up by the bytes read (compressCached).
 */
export function openContentDigests(cacheDir: string, now: () => number = Date.now): ContentDigests {
  const file = path.join(cacheDir, CONTENT_DIGESTS_FILE);
  let stored: Map<string, string> | undefined;
  const used = new Map<string, string>();
  let learned = false;
  const known = () => {
    if (stored) return stored;
    stored = new Map();
    try {
      const parsed: unknown = JSON.parse(readText(file));
      for (const [key, digest] of Object.entries(parsed as Record<string, unknown>)) if (typeof digest === "string" && DIGEST.test(digest)) stored.set(key, digest);
    } catch {
      // None kept yet, or a file cut short: every digest is worked out again.
    }
    return stored;
  };
  return {
    async digestOf(target, contents) {
      const stats = statSync(target, { bigint: true });
      const key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;
      const kept = known().get(key);
      if (kept !== undefined) {
        used.set(key, kept);
        return kept;
      }
      const settled = now() - Number(stats.mtimeMs) >= RACY_FILE_MS;
      const digest = createHash("sha256").update(await contents()).digest("hex");
      if (settled) {
        used.set(key, digest);
        learned = true;
      }
      return digest;
    },
    save() {
      if (!learned && used.size === known().size) return;
      try {
        mkdirSync(cacheDir, { recursive: true });
        // Written then renamed: a build stopped halfway leaves the last whole record.
        const temporary = `${file}.tmp-${process.pid}`;
        writeFileSync(temporary, JSON.stringify(Object.fromEntries(used)));
        renameSync(temporary, file);
      } catch {
        // A read-only cache: the next build reads the files again.
      }
    },
  };
}
