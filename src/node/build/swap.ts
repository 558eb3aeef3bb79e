import { existsSync, renameSync, rmSync } from "node:fs";

/**
 * Replaces `target` with the finished `staging` folder. The old output is
 * moved aside first and removed last, so a reader of `target` sees either the
 * old site or the new one, never a mix; a failed build never gets here.
 */
export function swapIntoPlace(staging: string, target: string): void {
  const old = `${target}.old-${process.pid}`;
  const hadOld = existsSync(target);
  if (hadOld) renameSync(target, old);
  try {
    renameSync(staging, target);
  } catch (error) {
    if (hadOld) renameSync(old, target);
    throw error;
  }
  if (hadOld) rmSync(old, { recursive: true, force: true });
}
