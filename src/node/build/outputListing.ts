import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** An output folder's listing (listOutput's lines), with the digest of find's output when find listed it. */
export type ListedOutput = { unchanged: false; lines: string[]; digest?: string };
/** A listing, or word that find printed the folder byte for byte as when a known digest was taken (confirmListingDigest). */
export type OutputListing = { unchanged: true; digest: string } | ListedOutput;

/** What find prints of each file (find reads the escapes): path below the folder, size, modification time (seconds.nanoseconds), NUL. */
const FIND_FORMAT = "%P\\t%s\\t%T@\\0";

/**
 * listOutput's lines from find's output in FIND_FORMAT, sorted by path; undefined when a time lacks
 * its fraction. Its times are made from find's seconds and nanoseconds as Node makes mtimeMs, so
 * the lines are the same text. Self-contained: the listing thread's source includes its text.
 */
export function linesOfFindOutput(out: string): string[] | undefined {
  const records = out.split("\0");
  records.pop();
  const files: Array<[string, string]> = [];
  for (const record of records) {
    const tab = record.lastIndexOf("\t");
    const dot = record.indexOf(".", tab);
    if (dot < 0) return undefined;
    const mtimeMs = Number(record.slice(tab + 1, dot)) * 1e3 + Number(record.slice(dot + 1, dot + 10)) / 1e6;
    files.push([record.slice(0, record.lastIndexOf("\t", tab - 1)), record.slice(0, tab + 1) + mtimeMs]);
  }
  return files.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((file) => file[1]);
}

/** Every file under `dir`, as absolute paths in sorted order. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The listing an output folder is recognised by: relative path, size and modification time of each file. */
export function listOutput(dir: string): string[] {
  // Sliced, not path.relative: at 47,000 files that call alone costs 0.1 s.
  const skip = path.resolve(dir).length + 1;
  return listFiles(path.resolve(dir)).map((file) => {
    const stats = statSync(file);
    return `${file.slice(skip)}\t${stats.size}\t${stats.mtimeMs}`;
  });
}

/**
 * listOutput on a thread of its own. The thread runs plain JavaScript given here, not a module of the
 * generator, so it starts in ~30 ms from source and from the compiled commands alike; a test holds
 * its lines equal to listOutput's. Where there is GNU find, it lists and stats the files (in C):
 * 0.2 s of CPU for a 2,000-page output's 34,000 files, where readdir and a stat call each took
 * 0.42 s, at the start and the end of every build, when both cores are busy. Its times are made
 * from its seconds and nanoseconds as Node makes mtimeMs, so the lines are the same text.
 * `lister` picks one way for tests: "node" as where there is no GNU find; "find" fails without it.
 */
export async function listOutputOnHelperThread(dir: string, lister: "find" | "node" | "either" = "either"): Promise<string[]> {
  return (await listOutputWithDigest(dir, lister)).lines;
}

/** listOutputOnHelperThread, with the digest of find's output (when find listed it), which a later confirmListingDigest compares. */
export function listOutputWithDigest(dir: string, lister: "find" | "node" | "either" = "either"): Promise<ListedOutput> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { execFileSync } = require("node:child_process");
    const { createHash } = require("node:crypto");
    const { readdirSync, statSync } = require("node:fs");
    const path = require("node:path");
    const dir = path.resolve(workerData.dir);
    function withFind() {
      let out;
      try {
        // -H follows a starting folder that is a symbolic link, as readdirSync does.
        out = execFileSync("find", ["-H", dir, "-type", "f", "-printf", ${JSON.stringify(FIND_FORMAT)}], { encoding: "utf8", maxBuffer: 2 ** 30, stdio: ["ignore", "pipe", "ignore"] });
      } catch {
        return undefined;
      }
      const lines = linesOfFindOutput(out);
      return lines && { lines, digest: createHash("sha256").update(out).digest("base64url") };
    }
    ${linesOfFindOutput}
    function withNode() {
      const files = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
      const lines = files.map((file) => {
        const stats = statSync(file);
        return file.slice(dir.length + 1) + "\\t" + stats.size + "\\t" + stats.mtimeMs;
      });
      return { lines };
    }
    const found = (workerData.lister !== "node" && withFind()) || (workerData.lister !== "find" && withNode());
    if (!found) throw new Error("find could not list " + dir);
    // One string crosses to the build's thread much faster than an array of 34,000; NUL is in no file name.
    parentPort.postMessage({ joined: found.lines.join("\\0"), digest: found.digest });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { dir, lister } });
    worker.once("message", (found: { joined: string; digest?: string }) => resolve({ unchanged: false, lines: found.joined ? found.joined.split("\0") : [], digest: found.digest }));
    worker.once("error", reject);
  });
}

/**
 * find's output for `dir`, from a find started on this thread; undefined where there is no GNU find.
 * find writes into `scratchFile` (removed after), not a pipe: this thread reads a pipe only between
 * its tasks, and loading the site is one long task, so find stood still with the pipe full (its
 * 0.25 s took 0.5).
 */
async function findOutputHere(dir: string, scratchFile: string): Promise<Buffer | undefined> {
  return new Promise<Buffer | undefined>((resolve) => {
    let fd: number;
    try {
      mkdirSync(path.dirname(scratchFile), { recursive: true });
      fd = openSync(scratchFile, "w");
    } catch {
      return resolve(undefined);
    }
    try {
      const find = spawn("find", ["-H", dir, "-type", "f", "-printf", FIND_FORMAT], { stdio: ["ignore", fd, "ignore"] });
      find.once("error", () => resolve(undefined));
      find.once("close", (code) => {
        try {
          resolve(code === 0 ? readFileSync(scratchFile) : undefined);
        } catch {
          resolve(undefined);
        }
      });
    } finally {
      closeSync(fd);
    }
  }).finally(() => rmSync(scratchFile, { force: true }));
}

/**
 * Whether find prints the output folder's listing byte for byte as when `knownDigest` was taken,
 * from a find started here rather than on a helper thread: a rebuild that reuses the whole output
 * waits for this answer alone, and a thread's start put 0.1 s of a 2,000-page site's before it.
 * Any other answer gives the lines: with `linesHere` (a small output) parsed here from the same
 * bytes by the helper thread's own function, otherwise (or without GNU find) from that thread.
 * Starting the thread cost 0.13 s of CPU on this machine, about as much as this site's whole
 * listing, and every rebuild after a merge in place needs the lines (its record's listing was made
 * from the merge, so no digest of find's bytes is known for it): this site's one-page rebuild,
 * two worktrees alternated ten times in ABBA order, medians about 1.44 -> 1.33 s (faster in 9 of
 * 10), CPU 2.13 -> 1.91 s.
 */
export async function confirmListingDigest(dir: string, knownDigest: string | undefined, scratchFile: string, linesHere = false): Promise<OutputListing> {
  const absolute = path.resolve(dir);
  const out = await findOutputHere(absolute, scratchFile);
  const digest = out && createHash("sha256").update(out).digest("base64url");
  if (digest !== undefined && digest === knownDigest) return { unchanged: true, digest };
  const lines = out && linesHere ? linesOfFindOutput(out.toString("utf8")) : undefined;
  return lines && digest ? { unchanged: false, lines, digest } : listOutputWithDigest(absolute);
}
