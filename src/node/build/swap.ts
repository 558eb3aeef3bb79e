import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import { SiteError } from "../errors";
import { listingAfterMerge, mergeIntoPlace, planMerge } from "./mergeOutput";
import { outputState, writeBuildMarker } from "./outputGuard";
import { listFiles } from "./outputListing";
import { removeTree } from "./removeTree";

/**
 * Replaces `target` with the finished `staging` folder. The old output is
 * moved aside first and removed last, so a reader of `target` sees either the
 * old site or the new one, never a mix; a failed build never gets here.
 * Only a folder that is empty or that a build of ours wrote is ever replaced:
 * this is the last line of defence if a caller skipped the output-folder guard.
 * The swap itself is done on return; the old output is then handed to `remove`
 * (by default removed off the main thread: one by one on it, it took 0.3 s of a
 * 9.5 s build of our site, seconds on a loaded disk; see removeTree), and the
 * promise settles once that is done.
 */
export function swapIntoPlace(staging: string, target: string, remove: (dir: string) => Promise<void> | void = removeTree): Promise<void> {
  const state = outputState(target);
  if (state === "file" || state === "foreign-folder") {
    throw new SiteError(`Output folder ${target}: refusing to replace it: ${state === "file" ? "it is a file" : "it was not written by this generator"}`);
  }
  writeBuildMarker(staging);
  const old = `${target}.old-${process.pid}`;
  const hadOld = existsSync(target);
  if (hadOld) renameSync(target, old);
  try {
    renameSync(staging, target);
  } catch (error) {
    if (hadOld) renameSync(old, target);
    throw error;
  }
  return hadOld ? Promise.resolve(remove(old)) : Promise.resolve();
}

/** A merge into the last output's folder, which this build claimed: what that output held and what this build kept of it. */
export interface MergeIntoLast {
  lastListing: readonly string[];
  keptInPlace: Iterable<string>;
  derivedSuffixes: readonly string[];
}

/**
 * Puts a finished staging folder in place: merged into the last output (mergeOutput.ts) when the
 * build claimed it, returning the merged output's listing, else swapped in whole (undefined: the
 * output is listed afresh). The old output goes in the background: the build does not wait for it.
 */
export async function placeOutput(staging: string, target: string, merge: MergeIntoLast | undefined, discard: (dir: string) => void): Promise<string[] | undefined> {
  if (!merge) {
    await swapIntoPlace(staging, target, discard);
    return undefined;
  }
  writeBuildMarker(staging);
  const staged = listFiles(staging).map((file) => path.relative(staging, file).split(path.sep).join("/"));
  const plan = planMerge(staged, merge.lastListing, merge.keptInPlace, merge.derivedSuffixes);
  mergeIntoPlace(staging, target, plan, undefined, discard);
  return listingAfterMerge(target, merge.lastListing, plan);
}
