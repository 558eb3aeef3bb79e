/**
 * The writing thread's code: plain JavaScript run as given, so the thread starts in ~30 ms from the
 * TypeScript sources and the compiled commands alike. A file whose bytes are those of the same
 * file in the previous output (given only when that output is verified untouched) is hard-linked
 * from it instead: most of a rebuild's files are unchanged, and a link costs this machine's disk
 * a thirtieth of making a file.
 */
export const WRITER_THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { copyFileSync, fstatSync, linkSync, mkdirSync, openSync, closeSync, readFileSync, readSync, rmSync, statSync, writeSync } = require("node:fs");
const { createHash, hash } = require("node:crypto");
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
// The one-shot hash: a third of createHash's time on small files, which most of an output's are.
const hashOf = (bytes) => hash("sha256", bytes, "base64url").slice(0, 22);
// Texts from this length are encoded before they are hashed (see write).
const ENCODE_ONCE_FROM = 256 * 1024;
// A text in parts hashes as the same text whole would.
function partsHashOf(parts) {
  const digest = createHash("sha256");
  for (const part of parts) {
    if (typeof part === "string") digest.update(part);
    else eachPiece(part, (piece) => digest.update(piece));
  }
  return digest.digest("base64url").slice(0, 22);
}
// A part that is bytes of a previous output's file (EmittedPart) is read a piece at a time into
// this buffer: such a file (llms-full.txt) is 13 MB at 2,000 pages, and this machine takes 60-90
// ms to fill that much fresh memory.
const RANGE_BUFFER_BYTES = 1024 * 1024;
let rangeBuffer;
function eachPiece(range, use) {
  const source = path.resolve(previousOutDir ?? "", range.previousFile);
  if (!previousOutDir || !source.startsWith(previousOutDir + path.sep)) throw new Error(range.previousFile + ": asked for bytes of a file of the last output, which there is not");
  rangeBuffer ??= Buffer.allocUnsafe(RANGE_BUFFER_BYTES);
  const fd = openSync(source, "r");
  try {
    for (let at = range.start; at < range.end; ) {
      const read = readSync(fd, rangeBuffer, 0, Math.min(RANGE_BUFFER_BYTES, range.end - at), at);
      if (read === 0) throw new Error(source + ": holds no bytes " + at + "-" + range.end + ", which a plugin asked to copy from it");
      use(rangeBuffer.subarray(0, read));
      at += read;
    }
  } finally {
    closeSync(fd);
  }
}
// All the parts' bytes in one buffer: only to compare with a file whose hash is not known.
function partsBytes(parts) {
  const pieces = [];
  for (const part of parts) {
    if (typeof part === "string") pieces.push(Buffer.from(part));
    else eachPiece(part, (piece) => pieces.push(Buffer.from(piece)));
  }
  return Buffer.concat(pieces);
}
// Parts are encoded into this buffer, written whenever the next part might not fit: never the
// whole text at once, which for llms-full.txt was 13 MB of fresh memory to fill and write.
const PART_BUFFER_BYTES = 1024 * 1024;
let partBuffer;
function writeParts(fd, parts) {
  partBuffer ??= Buffer.allocUnsafe(PART_BUFFER_BYTES);
  let used = 0;
  const flush = () => {
    for (let offset = 0; offset < used; ) offset += writeSync(fd, partBuffer, offset, used - offset);
    used = 0;
  };
  const writeAll = (bytes) => {
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
  };
  for (const part of parts) {
    if (typeof part !== "string") {
      flush();
      eachPiece(part, writeAll);
      continue;
    }
    // UTF-8 takes at most three bytes for each UTF-16 unit of a JavaScript string.
    if (part.length * 3 > PART_BUFFER_BYTES - used) flush();
    if (part.length * 3 > PART_BUFFER_BYTES) writeAll(Buffer.from(part));
    else used += partBuffer.write(part, used);
  }
  flush();
}
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
 * reading it and comparing with bytesOf()); true when linked.
 */
function linkUnchanged(previous, file, bytesOf, hash, recordedHash) {
  if (recordedHash) {
    if (recordedHash !== hash) return false;
  } else {
    let before;
    try {
      before = readFileSync(previous);
    } catch {
      return false;
    }
    if (!before.equals(bytesOf())) return false;
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

/** Makes the file anew from its bytes or its text's parts; its listing line (as listOutput would have it) and hash. */
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
    if (Array.isArray(bytes)) writeParts(fd, bytes);
    else for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
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
  // A large text is encoded once, for its hash and its bytes alike: such a file (llms-full.txt,
  // 13 MB at 2,000 pages) changes with any page, and each encoding is that much fresh memory.
  // Text in parts stays in parts: joined only to be compared with a file whose hash is not known.
  const parts = Array.isArray(contents) ? contents : undefined;
  const encoded = typeof contents === "string" && contents.length >= ENCODE_ONCE_FROM ? Buffer.from(contents) : undefined;
  const hash = parts ? partsHashOf(parts) : hashOf(encoded ?? contents);
  const known = previousOutDir && previousListing && previousFile(relative);
  if (known?.hash === hash && staysInPlace(relative, file)) return { derivedKept: true, inPlace: true, record: [known.line, hash] };
  const bytes = parts ?? encoded ?? (typeof contents === "string" ? Buffer.from(contents) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength));
  makeFolder(file);
  if (previousOutDir) {
    const previous = path.join(previousOutDir, relative);
    const bytesOf = () => (parts ? partsBytes(parts) : bytes);
    if (linkUnchanged(previous, file, bytesOf, hash, known?.hash)) return { derivedKept: keepDerived(relative, previous, file), record: known ? [known.line, hash] : null };
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
