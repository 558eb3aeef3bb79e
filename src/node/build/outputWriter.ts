import path from "node:path";
import { Worker } from "node:worker_threads";
import { SiteError } from "../errors";
import { listedName } from "./mergeOutput";

/** Writes one file of the output being built (`file` absolute, inside the staging folder). */
export type OutputWriter = (file: string, contents: string | Uint8Array) => void;

export interface BackgroundOutputWriter {
  write: OutputWriter;
  /**
   * A file the build knows to be the same as in the previous output (given only when that output
   * is verified untouched): linked from there without being read.
   */
  keep(file: string): void;
  /**
   * keep, when the previous output's listing has a file of this name (true then): for a file
   * named by its content's hash, whose bytes the name vouches for.
   */
  keepIfListed(file: string): boolean;
  /** Whether the previous output's listing has a file of this name (none without a previous output). */
  wasListed(file: string): boolean;
  /** Resolves once every file handed over so far is on disk; rejects with the first write that failed. */
  flush(): Promise<void>;
  /**
   * Resolves once the files waiting to be written hold under QUEUED_BYTES_LIMIT: a build that
   * renders faster than the disk takes files awaits this, so the queue does not hold its output.
   */
  room(): Promise<void>;
  /** Stops the thread; files still queued are not written. */
  close(): Promise<void>;
  /**
   * Content hashes of the files written so far, by their listing line (listOutput's format) as
   * written: a file changed later by someone else no longer matches its line.
   */
  readonly contentHashes: ReadonlyMap<string, string>;
  /**
   * With `inPlace`: the files (relative, "/"-separated) left where they are in the last
   * output, unchanged, with their derived files; the staging folder holds only the rest.
   */
  readonly keptInPlace: ReadonlySet<string>;
}

/**
 * The writing thread's code: plain JavaScript run as given, so the thread starts in ~30 ms from the
 * TypeScript sources and the compiled commands alike. A file whose bytes are those of the same
 * file in the previous output (given only when that output is verified untouched) is hard-linked
 * from it instead: most of a rebuild's files are unchanged, and a link costs this machine's disk
 * a thirtieth of making a file.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { copyFileSync, fstatSync, linkSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, statSync, writeSync } = require("node:fs");
const { createHash } = require("node:crypto");
const path = require("node:path");
const { outDir, previousOutDir, derivedSuffixes, previousListing, previousHashes, inPlace } = workerData;
// The previous output's files by relative path, from its listing (verified when the build began):
// listing line, modification time and content hash. Three stat calls per kept file cost a
// 2,000-page rebuild's writing thread 0.25 s; reading each old file to compare, 2 s. Each line's
// place by its name, made as the thread starts, while the build still loads: splitting all
// 34,000 lines into objects when the first file came took the thread 130-150 ms.
const previousIndex = new Map();
if (previousListing) {
  for (let index = 0; index < previousListing.length; index++) {
    const line = previousListing[index];
    previousIndex.set(line.slice(0, line.lastIndexOf("\t", line.lastIndexOf("\t") - 1)), index);
  }
}
function previousFile(relative) {
  const index = previousIndex.get(relative);
  if (index === undefined) return undefined;
  const line = previousListing[index];
  return { line, mtime: Number(line.slice(line.lastIndexOf("\t") + 1)), hash: previousHashes?.[index] ?? null };
}
/** The modification time of the previous output's file at relative (file, there), from its listing when given. */
function previousTime(relative, file) {
  if (previousListing) return previousFile(relative)?.mtime;
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}
const hashOf = (bytes) => createHash("sha256").update(bytes).digest("base64url").slice(0, 22);
// Folders made so far: asking again for each of a rebuild's thousands of files cost it 0.1 s.
const folders = new Set();
// Files made in the staging folder: one written again unchanged from the last output must go.
const made = new Set();

/**
 * For a build merged into the last output in place: whether the file's derived files there fit
 * it as they are (derivedCopies, by the listing), so it can stay where it is, untouched.
 */
function staysInPlace(relative, file) {
  if (!inPlace) return false;
  try {
    if (derivedCopies(relative, path.join(previousOutDir, relative)) === "stale") return false;
  } catch {
    return false;
  }
  if (made.delete(file)) rmSync(file, { force: true });
  return true;
}

function link(previous, file) {
  try {
    linkSync(previous, file);
  } catch (error) {
    // Written before in this build: replace it.
    if (error.code !== "EEXIST") throw error;
    rmSync(file);
    linkSync(previous, file);
  }
}

/**
 * The previous output's derived files of its file at relative (previous, there): "none", "fit"
 * (each at least as new as the file) or "stale" (older ones were made before a plugin rewrote it,
 * or some are missing). Throws when the file is not in that output.
 */
function derivedCopies(relative, previous) {
  const changed = previousTime(relative, previous);
  if (changed === undefined) throw new Error(previous + ": not in the previous output");
  const found = derivedSuffixes.map((suffix) => previousTime(relative + suffix, previous + suffix));
  if (found.every((time) => time === undefined)) return "none";
  return found.some((time) => time === undefined || time < changed) ? "stale" : "fit";
}

/**
 * The previous output's derived files of a file linked from it (its compressed copies), linked too
 * when each is at least as new as the file (older ones were made before a plugin rewrote it). True
 * when they all came along, or the file had none; else none is left and the plugin makes them.
 */
function keepDerived(relative, previous, file) {
  if (derivedSuffixes.length === 0) return false;
  try {
    const copies = derivedCopies(relative, previous);
    if (copies === "none") return true;
    if (copies === "stale") return false;
    derivedSuffixes.forEach((suffix) => link(previous + suffix, file + suffix));
    return true;
  } catch {
    for (const suffix of derivedSuffixes) rmSync(file + suffix, { force: true });
    return false;
  }
}

/**
 * Links the previous output's file when its bytes are these (by the hash recorded for it, else by
 * reading it); true when linked.
 */
function linkUnchanged(previous, file, bytes, hash, recordedHash) {
  if (recordedHash) {
    if (recordedHash !== hash) return false;
  } else {
    let before;
    try {
      before = readFileSync(previous);
    } catch {
      return false;
    }
    if (!before.equals(bytes)) return false;
  }
  try {
    link(previous, file);
  } catch {
    // Another disk, say: the caller writes a copy.
    return false;
  }
  return true;
}

function makeFolder(file) {
  const folder = path.dirname(file);
  if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
  folders.add(folder);
}

/** A file the build knows is as in the previous output: linked (or copied) without reading it. */
function keep(relative, file) {
  const known = previousListing && previousFile(relative);
  if (staysInPlace(relative, file)) return { derivedKept: true, inPlace: true, record: known?.hash ? [known.line, known.hash] : null };
  makeFolder(file);
  const previous = path.join(previousOutDir, relative);
  try {
    link(previous, file);
  } catch {
    copyFileSync(previous, file);
    return { derivedKept: false, record: null };
  }
  // Its listing line and hash come along with it.
  return { derivedKept: keepDerived(relative, previous, file), record: known?.hash ? [known.line, known.hash] : null };
}

/** Makes the file anew; its listing line (as listOutput would have it) and hash. */
function make(relative, file, bytes, hash) {
  let fd;
  try {
    // Exclusive: a file written twice may be a link to the previous output, which must never change.
    fd = openSync(file, "wx");
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    rmSync(file);
    fd = openSync(file, "wx");
  }
  try {
    made.add(file);
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
    const stats = fstatSync(fd);
    return [relative + "\\t" + stats.size + "\\t" + stats.mtimeMs, hash];
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a file: whether its derived files came along from the previous output, and the record
 * of it the next build compares against (null when none is known).
 */
// Sliced where the file is inside the output, as every file the build hands over is: path.relative
// took 80-140 ms of a 2,000-page rebuild's 16,000 files.
const outPrefix = outDir + path.sep;
const relativeOf = (file) => (file.startsWith(outPrefix) ? file.slice(outPrefix.length) : path.relative(outDir, file));

function write(file, contents) {
  const relative = relativeOf(file);
  if (contents === null) return keep(relative, file);
  // Hashed as handed over; encoded into a Buffer only to be written or compared: most of a
  // rebuild's files stay as they are, and encoding all 16,000 of a 2,000-page one took 120-200 ms.
  const hash = hashOf(contents);
  const known = previousOutDir && previousListing && previousFile(relative);
  if (known?.hash === hash && staysInPlace(relative, file)) return { derivedKept: true, inPlace: true, record: [known.line, hash] };
  const bytes = typeof contents === "string" ? Buffer.from(contents) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  makeFolder(file);
  if (previousOutDir) {
    const previous = path.join(previousOutDir, relative);
    if (linkUnchanged(previous, file, bytes, hash, known?.hash)) return { derivedKept: keepDerived(relative, previous, file), record: known ? [known.line, hash] : null };
  }
  return { derivedKept: false, record: make(relative, file, bytes, hash) };
}

parentPort.on("message", (batch) => {
  const written = [];
  // Indexes in written of the files whose derived files came along from the previous output.
  const derivedKept = [];
  // Listing line and content hash of each file written, where known.
  const records = [];
  // Indexes in written of the files left as they are in the last output (a merge in place).
  const inPlaceKept = [];
  for (const [file, contents] of batch) {
    try {
      const result = write(file, contents);
      if (result.derivedKept) derivedKept.push(written.length);
      if (result.inPlace) inPlaceKept.push(written.length);
      if (result.record) records.push(result.record);
      written.push(file);
    } catch (error) {
      parentPort.postMessage({ written, derivedKept, inPlaceKept, records, failed: { message: error.message, code: error.code, syscall: error.syscall, path: error.path ?? file } });
      return;
    }
  }
  parentPort.postMessage({ written, derivedKept, inPlaceKept, records });
});
`;

/** Files handed over are sent to the thread in batches of this many (or sooner, when the build's thread is idle). */
const BATCH_FILES = 32;
/**
 * Bytes waiting to be written before room() makes the build wait. Without a limit, a 10,000-page
 * build rendered faster than this disk makes files, and the queue's copies of its HTML raised the
 * peak memory from 2.0 to 3.2 GB.
 */
const QUEUED_BYTES_LIMIT = 16 * 1024 * 1024;

export interface OutputWriterOptions {
  /** The last output, verified untouched: unchanged files are linked from it. */
  previousOutDir?: string;
  /**
   * Suffixes of files plugins derive from an output file (the compress plugin's ".br", ".gz"):
   * they come along when the file is linked unchanged from the previous output.
   */
  derivedSuffixes?: readonly string[];
  /**
   * The previous output's listing (listOutput's lines), verified when the build began: the times
   * of its files and their derived files are read from it instead of the disk.
   */
  previousListing?: readonly string[];
  /**
   * Content hashes of the previous output's files, by index in previousListing (null where none is
   * known): a file whose new bytes hash the same is linked without reading the old one.
   */
  previousHashes?: readonly (string | null)[];
  /**
   * The build is merged into the previous output in place (mergeOutput.ts): a file unchanged there,
   * whose derived files fit it, is left where it is instead of linked into the staging folder.
   */
  inPlace?: boolean;
  /** Hears of each file once it is on disk; `derivedKept` when its derived files came along; `bytes` when it was written, not kept. */
  onWritten?(file: string, derivedKept: boolean, bytes: number | undefined): void;
}

/**
 * Writes the build's files into its staging folder on a thread of its own. Making a file costs this
 * machine's disk 0.3-1 ms: a cold build of this site makes ~3,500 of them, which held the build's
 * own thread in the kernel for 1-3 s. The build now hands each file over and goes on rendering;
 * `onWritten` hears of each file once it is on disk.
 */
export function outputWriter(outDir: string, options: OutputWriterOptions = {}): BackgroundOutputWriter {
  const { previousOutDir, derivedSuffixes = [], previousListing, previousHashes, onWritten = () => undefined } = options;
  const inPlace = Boolean(options.inPlace && previousOutDir && previousListing);
  const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { outDir, previousOutDir, derivedSuffixes, previousListing, previousHashes, inPlace } });
  const contentHashes = new Map<string, string>();
  const keptInPlace = new Set<string>();
  // Sliced, not path.relative: 34,000 calls of that cost a 2,000-page rebuild 80 ms.
  const relativeName = (file: string) => file.slice(outDir.length + 1).split(path.sep).join("/");
  let batch: [string, string | Uint8Array | null][] = [];
  let scheduled = false;
  let outstanding = 0;
  // Sizes of the files handed over and not yet written, in order (the thread writes in order).
  const queuedSizes: number[] = [];
  let queuedBytes = 0;
  let roomWaiters: (() => void)[] = [];
  let failure: Error | undefined;
  let drained: (() => void)[] = [];

  const settle = () => {
    if (queuedBytes < QUEUED_BYTES_LIMIT || failure) {
      for (const resolve of roomWaiters) resolve();
      roomWaiters = [];
    }
    if (outstanding > 0 && !failure) return;
    for (const resolve of drained) resolve();
    drained = [];
  };
  thread.on("message", (message: { written: string[]; derivedKept: number[]; inPlaceKept: number[]; records: [string, string][]; failed?: Pick<NodeJS.ErrnoException, "message" | "code" | "syscall" | "path"> }) => {
    outstanding -= message.written.length;
    const stayed = new Set(message.inPlaceKept);
    if (inPlace) message.written.forEach((file, index) => (stayed.has(index) ? keptInPlace.add(relativeName(file)) : keptInPlace.delete(relativeName(file))));
    for (const [line, hash] of message.records) contentHashes.set(line, hash);
    const sizes = queuedSizes.splice(0, message.written.length);
    for (const size of sizes) queuedBytes -= size;
    const derivedKept = new Set(message.derivedKept);
    // A kept file was handed over as null (size 0): its size is not known here.
    message.written.forEach((file, index) => onWritten(file, derivedKept.has(index), sizes[index] || undefined));
    // The file system's own error, as if thrown here: the command line explains EACCES, EROFS and the like.
    if (message.failed && !failure) failure = Object.assign(new Error(message.failed.message), message.failed);
    settle();
  });
  thread.on("error", (error) => {
    failure ??= new SiteError(`the output writer stopped: ${error.message}`, { cause: error });
    settle();
  });

  const send = () => {
    scheduled = false;
    if (batch.length === 0) return;
    thread.postMessage(batch);
    batch = [];
  };
  const hand = (file: string, contents: string | Uint8Array | null) => {
    const size = contents?.length ?? 0;
    outstanding += 1;
    queuedSizes.push(size);
    queuedBytes += size;
    batch.push([file, contents]);
    if (batch.length >= BATCH_FILES) send();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(send);
    }
  };
  const keep = (file: string) => {
    if (!previousOutDir) throw new Error(`${file}: kept from a previous output, but there is none`);
    hand(file, null);
  };
  let listedNames: Set<string> | undefined;
  const wasListed = (file: string) => {
    listedNames ??= new Set(previousOutDir ? (previousListing ?? []).map(listedName) : []);
    return listedNames.has(relativeName(file));
  };
  return {
    contentHashes,
    keptInPlace,
    write: hand,
    keep,
    keepIfListed(file) {
      if (!wasListed(file)) return false;
      keep(file);
      return true;
    },
    wasListed,
    async flush() {
      send();
      if (outstanding > 0 && !failure) await new Promise<void>((resolve) => drained.push(resolve));
      if (failure) throw failure;
    },
    async room() {
      if (queuedBytes < QUEUED_BYTES_LIMIT || failure) return;
      send();
      await new Promise<void>((resolve) => roomWaiters.push(resolve));
    },
    async close() {
      await thread.terminate();
    },
  };
}
