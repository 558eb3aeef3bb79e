import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { listFiles } from "./build/outputListing";

/** The folders whose files make the generator: the Markdown pipeline, the theme, the commands. */
const SOURCE_FOLDERS = ["src", "plugins", "scripts"];

/** What the memo file holds: the fingerprint, and the files' sizes and change times it was made from. */
interface FingerprintMemo {
  files: string;
  fingerprint: string;
}

/** The lock file and every file of the source folders, in a fixed order. */
function generatorFiles(generatorDir: string): string[] {
  const files: string[] = [];
  const lock = path.join(generatorDir, "package-lock.json");
  if (existsSync(lock)) files.push(lock);
  for (const folder of SOURCE_FOLDERS) {
    const root = path.join(generatorDir, folder);
    if (!existsSync(root)) continue;
    files.push(...listFiles(root));
  }
  return files;
}

/**
 * A hash of the generator: its version, its dependency lock and every file under src, plugins and
 * scripts, by content. Reading and hashing those 1.5 MB took 36-54 ms of every command's start
 * (nearly a tenth of this site's rebuild with nothing changed), so the hash is kept in `memoFile`
 * beside each file's size, change time and inode, and made again only when one of those moved. The
 * change time (ctime), not the modification time: every write sets it, and no tool sets it back.
 */
export function fingerprintGenerator(generatorDir: string, version: string, memoFile: string): string {
  const files = generatorFiles(generatorDir);
  const stamps = createHash("sha256").update(version);
  for (const file of files) {
    const stat = statSync(file, { bigint: true });
    stamps.update(`${file}\0${stat.size}\0${stat.ctimeNs}\0${stat.ino}\n`);
  }
  const filesKey = stamps.digest("hex");
  try {
    const memo = JSON.parse(readFileSync(memoFile, "utf8")) as FingerprintMemo;
    if (memo.files === filesKey && typeof memo.fingerprint === "string") return memo.fingerprint;
  } catch {
    // No memo yet, or an unreadable one: the files are read below.
  }
  const hash = createHash("sha256").update(version);
  for (const file of files) hash.update(file).update(readFileSync(file));
  const fingerprint = hash.digest("hex");
  try {
    mkdirSync(path.dirname(memoFile), { recursive: true });
    const partial = `${memoFile}.${process.pid}`;
    writeFileSync(partial, JSON.stringify({ files: filesKey, fingerprint } satisfies FingerprintMemo));
    renameSync(partial, memoFile);
  } catch {
    // A memo that cannot be written only costs the next start the reading again.
  }
  return fingerprint;
}
