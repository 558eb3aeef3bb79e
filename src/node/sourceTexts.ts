import { createHash } from "node:crypto";
import { statSync, type BigIntStats } from "node:fs";
import path from "node:path";
import { RACY_FILE_MS } from "../core/constants";
import { cacheDir } from "./cache";
import type { UnreadSource } from "./pageSource";
import { markdownNames } from "./markdown/linkedRoutes";
import { readMemoFile, survivesJson, writeMemoFile } from "./memoFile";
import { readText } from "./text";

/**
 * Each page source's text as this build first read it. The docs plugin reads every page, the
 * input fingerprint hashes them and the compile reads them once more: on 2,000 pages that was
 * 6,000 reads (and their garbage) on the main thread of a one-page rebuild. Read once, every step
 * also sees the same text, even when a file is saved while the build runs.
 *
 * A build given its site folder also keeps, between runs, what it learnt of each source: the hash
 * of its text and what plugins derived from it (the docs plugin's record of a page), under the
 * file's identity, size and change times. A source whose stat still says the same is neither read
 * nor hashed nor parsed again: on 2,000 pages that was most of a rebuild that finds nothing changed.
 * The change time (ctime) moves on every write and no tool can set it back, so the same stat means
 * the same bytes, but for a write within the file system's clock tick after the read: a source
 * changed that recently when it was read is not kept (git's "racily clean" rule).
 */
let texts: Map<string, string> | undefined;
/** Each source's hash this build, from its text or from the memo. */
let digests: Map<string, string> | undefined;
let memo: OpenMemo | undefined;

/** A Markdown page source, by its name. */
export const MARKDOWN_SOURCE = /\.mdx?$/;
/** Stands for a source that is gone, in place of its hash. */
export const MISSING_SOURCE = "(missing)";
/** The memo's name for a source's markdownNames (unreadSource). */
const MARKDOWN_NAMES_SCOPE = "markdown-names";

interface SourceEntry {
  /** Device, inode, size and the modification and change times in nanoseconds. */
  stat: string;
  digest: string;
  /** JSON of each value derived from the text, by the scope it was asked for under. */
  derived: Record<string, string>;
}

interface OpenMemo {
  file: string;
  /** The clock racy sources are judged by (tests move it on). */
  now: () => number;
  known: Map<string, SourceEntry>;
  /** Entries this build confirmed or made (only these are written back). */
  used: Map<string, SourceEntry>;
  /** Sources whose stat this build compared, and the entry it matched. */
  checked: Map<string, SourceEntry | undefined>;
  added: boolean;
}

/**
 * From now until stopSourceTexts, a file's text is read once; with `siteDir`, what is known of a
 * source unchanged since an earlier build is taken from the memo instead.
 */
export function startSourceTexts(siteDir?: string, options: { now?: () => number } = {}): void {
  texts = new Map();
  digests = new Map();
  memo = siteDir === undefined ? undefined : openMemo(path.join(cacheDir(siteDir, "sources"), "sources.json"), options.now ?? Date.now);
}

/** Stops reading once; writes the memo's entries this build used (sources no longer read drop out). */
export function stopSourceTexts(): void {
  const closing = memo;
  texts = undefined;
  digests = undefined;
  memo = undefined;
  if (!closing || (!closing.added && closing.used.size === closing.known.size)) return;
  writeMemoFile(closing.file, closing.used);
}

function openMemo(file: string, now: () => number): OpenMemo {
  return { file, now, known: readMemoFile<SourceEntry>(file), used: new Map(), checked: new Map(), added: false };
}

const statKey = (stats: BigIntStats) => `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;

/** The memo's entry for `file` when its stat is as recorded (compared once per build). */
function unchangedEntry(file: string): SourceEntry | undefined {
  if (!memo) return undefined;
  if (memo.checked.has(file)) return memo.checked.get(file);
  const entry = memo.known.get(file);
  const stats = entry && statSync(file, { bigint: true, throwIfNoEntry: false });
  const unchanged = stats && statKey(stats) === entry.stat ? entry : undefined;
  memo.checked.set(file, unchanged);
  if (unchanged) memo.used.set(file, unchanged);
  return unchanged;
}

/** A text's hash as this memo keeps it (sha-256, hex); page compiles are keyed by it too. */
export const textDigest = (text: string) => createHash("sha256").update(text).digest("hex");

/** The file's text (UTF-8): read now, or as read before since startSourceTexts. */
export function sourceText(file: string): string {
  const known = texts?.get(file);
  if (known !== undefined) return known;
  if (!memo) {
    const text = readText(file);
    texts?.set(file, text);
    return text;
  }
  // Stat before reading: a write in between leaves a stat older than the text, read again next time.
  const stats = statSync(file, { bigint: true });
  const text = readText(file);
  texts?.set(file, text);
  const unchanged = memo.checked.get(file);
  const digest = unchanged?.digest ?? textDigest(text);
  digests?.set(file, digest);
  const changedAt = Number((stats.ctimeNs > stats.mtimeNs ? stats.ctimeNs : stats.mtimeNs) / 1_000_000n);
  if (!unchanged) {
    const entry = memo.now() - changedAt > RACY_FILE_MS ? { stat: statKey(stats), digest, derived: {} } : undefined;
    memo.checked.set(file, entry);
    if (entry) {
      memo.used.set(file, entry);
      memo.added = true;
    }
  }
  return text;
}

/** `read()`, or undefined when the file it reads is gone (asked after reading, not before: a stat call per file). */
export function readIfPresent<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}

/** The hash of the file's text (as sourceText reads it), or MISSING_SOURCE for a file that is gone. */
export function sourceDigest(file: string): string {
  const known = digests?.get(file) ?? unchangedEntry(file)?.digest;
  if (known !== undefined) return known;
  const text = readIfPresent(() => sourceText(file));
  if (text === undefined) return MISSING_SOURCE;
  const digest = digests?.get(file) ?? textDigest(text);
  digests?.set(file, digest);
  return digest;
}

/**
 * `derive(text)` for the file's text, or what it returned for the same unchanged source in an
 * earlier build. `scope` names the derivation and everything besides the text it depends on.
 * A value kept must come back from JSON as it was (undefined properties come back absent); errors
 * are never kept, so a broken source reports its error on every build.
 */
export function derivedFromSource<T>(file: string, scope: string, derive: (text: string) => T): T {
  const stored = unchangedEntry(file)?.derived[scope];
  if (stored !== undefined) return JSON.parse(stored) as T;
  const value = derive(sourceText(file));
  const entry = memo?.used.get(file);
  if (entry && survivesJson(value, { undefinedProperties: true })) {
    entry.derived[scope] = JSON.stringify(value);
    memo!.added = true;
  }
  return value;
}

/**
 * The file as a page compile's key needs it (compileSource.ts): its hash and the Markdown file
 * names it mentions, both from the memo for a source unchanged since an earlier build, so its
 * text is read only when a compile asks for it.
 */
export function unreadSource(file: string): UnreadSource {
  return {
    digest: sourceDigest(file),
    markdownNames: () => derivedFromSource(file, MARKDOWN_NAMES_SCOPE, markdownNames),
    text: () => sourceText(file),
  };
}
