import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "../plugins/types";
import { discardTree } from "./removeTree";

/**
 * A rebuild's changes, merged into the last output in place. Staging a whole new tree linked
 * from the last output cost a one-page rebuild of 2,000 pages about 4 s of a thread (making its
 * 2,000 folders, 1.6 s, and 34,000 links, 1 s, on this disk): a rebuild that can stages only the
 * files it changed, and this moves them into the output.
 *
 * Each old file replaced or removed is first renamed into a journal beside the output, after a
 * plan naming every file is written there. A merge that fails is rolled back at once; one cut
 * short (the machine stopped) is rolled back by the next build (rollBackMerge). Every step is a
 * rename within one file system, and the merge is synchronous, so Ctrl-C cannot stop it halfway.
 * A reader of the output may see old and new files side by side while it runs (milliseconds for
 * a rebuild of a few pages), where a swap of whole trees showed one or the other.
 */

export interface MergePlan {
  /** Files of the staging folder (relative, "/"-separated): each replaces or joins the output's. */
  staged: readonly string[];
  /** Files of the output the new build does not have. */
  removed: readonly string[];
}

interface Journal extends MergePlan {
  staging: string;
  target: string;
}

const PLAN_FILE = "plan.json";
const OLD_FILES = "old";

/** The journal folder of a merge by process `pid` into `target`. */
export const journalOf = (target: string, pid = process.pid) => `${target}.journal-${pid}`;
/** A journal folder's name for an output named `outName` (pattern source; group 1 is the pid). */
export const journalPattern = (escapedOutName: string) => `^${escapedOutName}\\.journal-(\\d+)$`;

/**
 * Claims `target`, the folder of the build's untouched last output, for a merge in place by this
 * process (its journal folder, made now). False when a plugin with an outputFileWritten or
 * postBuild hook does not say it handles a partial output, or another running build holds a
 * claim: two builds at once never merge into one output from the same last listing. The claim
 * goes with the journal (mergeIntoPlace) or with the failed build (releaseClaim).
 */
export function claimMerge(target: string, plugins: readonly Plugin[], alive: (pid: number) => boolean): boolean {
  if (!plugins.every((plugin) => plugin.handlesPartialOutput || !(plugin.postBuild || plugin.outputFileWritten))) return false;
  const pattern = new RegExp(journalPattern(path.basename(target).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  for (const name of readdirSync(path.dirname(target))) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (pid && pid !== process.pid && alive(pid)) return false;
  }
  mkdirSync(journalOf(target), { recursive: true });
  return true;
}

/** Gives up a claim when the build failed: its journal holds nothing unless a rollback failed, and then it stays for the next build. */
export function releaseClaim(target: string): void {
  const journal = journalOf(target);
  if (!existsSync(path.join(journal, PLAN_FILE))) rmSync(journal, { recursive: true, force: true });
}

/** Makes a file's folder, remembering those made (or known) so far. */
function folderMaker() {
  const made = new Set<string>();
  return (file: string) => {
    const folder = path.dirname(file);
    if (made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  };
}

/** Removes the folders above `file` that its removal left empty, up to (not including) `root`. */
function removeEmptyFolders(file: string, root: string): void {
  for (let folder = path.dirname(file); folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
    try {
      rmdirSync(folder);
    } catch {
      return;
    }
  }
}

const moveIfThere = (from: string, to: string, makeFolder: (file: string) => void): boolean => {
  if (!existsSync(from)) return false;
  makeFolder(to);
  renameSync(from, to);
  return true;
};

/** The file name of a listing line (listOutput's: name, size and time, tab-separated; a name may hold a tab). */
export const listedName = (line: string) => line.slice(0, line.lastIndexOf("\t", line.lastIndexOf("\t") - 1));

/**
 * What a merge moves: every file of the staging folder, and each file of the last output (by its
 * listing) that is neither staged nor kept in place, nor a derived file (compressed copy) of one
 * kept in place.
 */
export function planMerge(staged: readonly string[], lastListing: readonly string[], keptInPlace: Iterable<string>, derivedSuffixes: readonly string[]): MergePlan {
  const stays = new Set(staged);
  for (const file of keptInPlace) {
    stays.add(file);
    for (const suffix of derivedSuffixes) stays.add(file + suffix);
  }
  return { staged, removed: lastListing.map(listedName).filter((file) => !stays.has(file)) };
}

/**
 * The output's listing after a merge (listOutput's lines, in its order), from the last output's
 * and the merged files' own: nothing else in the output changed, and listing all of it again
 * cost a 2,000-page rebuild 0.4 s.
 */
export function listingAfterMerge(target: string, lastListing: readonly string[], plan: MergePlan): string[] {
  const gone = new Set([...plan.removed, ...plan.staged]);
  const lines = lastListing.filter((line) => !gone.has(listedName(line)));
  for (const relative of plan.staged) {
    const stats = statSync(path.join(target, relative));
    lines.push(`${relative}\t${stats.size}\t${stats.mtimeMs}`);
  }
  return lines.sort((a, b) => {
    const [x, y] = [listedName(a), listedName(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * Moves the staged files into `target` and the removed ones out of it. On success the journal and
 * the emptied staging folder are discarded (by `discard`); on failure the output is as it was, and
 * the error is thrown. `rename` is for tests, which fail it partway.
 */
export function mergeIntoPlace(staging: string, target: string, plan: MergePlan, rename: typeof renameSync = renameSync, discard: (dir: string) => void = discardTree): void {
  const journal = journalOf(target);
  // Made when the build claimed the output; again here for a caller that did not.
  mkdirSync(journal, { recursive: true });
  const record: Journal = { staging, target, ...plan };
  writeFileSync(path.join(journal, `${PLAN_FILE}.tmp`), JSON.stringify(record));
  renameSync(path.join(journal, `${PLAN_FILE}.tmp`), path.join(journal, PLAN_FILE));
  const intoJournal = folderMaker();
  const intoTarget = folderMaker();
  const local = (root: string, relative: string) => path.join(root, ...relative.split("/"));
  try {
    // Removed first: a file may give way to a folder of the same name.
    for (const relative of plan.removed) {
      const file = local(target, relative);
      intoJournal(local(path.join(journal, OLD_FILES), relative));
      rename(file, local(path.join(journal, OLD_FILES), relative));
      removeEmptyFolders(file, target);
    }
    for (const relative of plan.staged) {
      const file = local(target, relative);
      if (existsSync(file)) {
        intoJournal(local(path.join(journal, OLD_FILES), relative));
        rename(file, local(path.join(journal, OLD_FILES), relative));
      }
      intoTarget(file);
      rename(local(staging, relative), file);
    }
  } catch (error) {
    rollBack(journal, record);
    throw error;
  }
  // The plan gone, the merge counts as done: what is left is garbage.
  rmSync(path.join(journal, PLAN_FILE));
  discard(journal);
  discard(staging);
}

/**
 * Puts the output back as it was before the merge the journal describes: each staged file that
 * reached the output goes back to staging, each old file back to the output.
 */
function rollBack(journal: string, record: Journal): void {
  const local = (root: string, relative: string) => path.join(root, ...relative.split("/"));
  const back = folderMaker();
  for (const relative of [...record.staged].reverse()) {
    const file = local(record.target, relative);
    const staged = local(record.staging, relative);
    // Still in staging: never moved (the output's file, if any, may sit in the journal).
    if (!existsSync(staged) && existsSync(file)) moveIfThere(file, staged, back);
    // A folder made for it may stand where an old file goes back.
    removeEmptyFolders(file, record.target);
    moveIfThere(local(path.join(journal, OLD_FILES), relative), file, back);
  }
  for (const relative of record.removed) moveIfThere(local(path.join(journal, OLD_FILES), relative), local(record.target, relative), back);
  rmSync(path.join(journal, PLAN_FILE), { force: true });
}

/**
 * Rolls back a merge cut short, from its journal folder, and discards the journal (and the
 * staging folder it names). Returns whether there was a plan to roll back.
 */
export function rollBackMerge(journal: string): boolean {
  let record: Journal | undefined;
  try {
    record = JSON.parse(readFileSync(path.join(journal, PLAN_FILE), "utf8")) as Journal;
  } catch {
    record = undefined;
  }
  // Only ever the output this journal sits beside, its own staging folder and files inside them.
  const target = journal.replace(/\.journal-\d+$/, "");
  const inside = (relative: string) => !path.isAbsolute(relative) && !relative.split("/").includes("..");
  if (record && (record.target !== target || !/^\.tmp-\d+$/.test(record.staging.slice(target.length)) || ![...record.staged, ...record.removed].every(inside))) record = undefined;
  if (record) rollBack(journal, record);
  discardTree(journal);
  if (record) discardTree(record.staging);
  return Boolean(record);
}
