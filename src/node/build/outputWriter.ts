import path from "node:path";
import { Worker } from "node:worker_threads";
import { SiteError } from "../errors";
import { listedName } from "./mergeOutput";
import { WRITER_THREAD_SOURCE } from "./outputWriterThread";
import type { EmittedContents } from "../plugins/types";
import { partLength } from "../plugins/emittedParts";

/** Writes one file of the output being built (`file` absolute, inside the staging folder); text in parts is written in order. */
export type OutputWriter = (file: string, contents: EmittedContents) => void;

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


/** Files handed over are sent to the thread in batches of this many (or sooner, when the build's thread is idle). */
const BATCH_FILES = 32;
/**
 * Bytes waiting to be written before room() makes the build wait. Without a limit, a 10,000-page
 * build rendered faster than this disk makes files, and the queue's copies of its HTML raised the
 * peak memory from 2.0 to 3.2 GB.
 */
const QUEUED_BYTES_LIMIT = 16 * 1024 * 1024;

/**
 * From this size a text in parts is encoded here and its bytes moved to the thread, not copied:
 * cloning llms-full.txt's 8,000 parts (13 MB at 2,000 pages) cost the build's thread 96 ms of a
 * one-page rebuild, filling the clone's growing buffer with fresh memory.
 */
const TRANSFER_PARTS_FROM_BYTES = 1024 * 1024;

/** Text parts as one buffer of their UTF-8 bytes, owning its memory (so it can be transferred). */
function encodeParts(parts: readonly string[]): Buffer {
  let bytes = 0;
  for (const part of parts) bytes += Buffer.byteLength(part);
  const buffer = Buffer.allocUnsafeSlow(bytes);
  let offset = 0;
  for (const part of parts) offset += buffer.write(part, offset);
  return buffer;
}

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
  onWritten?(file: string, derivedKept: boolean, bytes: number | undefined, hash: string | undefined): void;
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
  const thread = new Worker(WRITER_THREAD_SOURCE, { eval: true, workerData: { outDir, previousOutDir, derivedSuffixes, previousListing, previousHashes, inPlace } });
  const contentHashes = new Map<string, string>();
  const keptInPlace = new Set<string>();
  // Sliced, not path.relative: 34,000 calls of that cost a 2,000-page rebuild 80 ms.
  const relativeName = (file: string) => file.slice(outDir.length + 1).split(path.sep).join("/");
  let batch: [string, EmittedContents | null][] = [];
  let transfer: ArrayBuffer[] = [];
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
    // By the name as the listing has it (the thread's separators), sliced like relativeName.
    const hashes = new Map(message.records.map(([line, hash]) => [listedName(line), hash]));
    // A kept file was handed over as null (size 0): its size is not known here.
    message.written.forEach((file, index) => onWritten(file, derivedKept.has(index), sizes[index] || undefined, hashes.get(file.slice(outDir.length + 1))));
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
    thread.postMessage(batch, transfer);
    batch = [];
    transfer = [];
  };
  const hand = (file: string, given: EmittedContents | null) => {
    let contents = given;
    let size = typeof contents === "string" || contents instanceof Uint8Array ? contents.length : (contents ?? []).reduce((sum, part) => sum + partLength(part), 0);
    // Ranges of the last output's files stay ranges: the thread copies them from there.
    if (Array.isArray(contents) && size >= TRANSFER_PARTS_FROM_BYTES && contents.every((part) => typeof part === "string")) {
      const encoded = encodeParts(contents);
      transfer.push(encoded.buffer as ArrayBuffer);
      contents = encoded;
      size = encoded.length;
    }
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
