import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";

/**
 * Removes a folder of ours (an old output, a failed build's staging). Node's recursive rm stats
 * and unlinks entry by entry through promises: 1.07 s for a 2,000-page output's 49,000 entries
 * on this machine, where `rm -rf` takes 0.61 s (0.13 s against 0.04 s for this site's 3,000).
 * So `rm` where there is one, Node's otherwise or when it fails.
 */
export function removeTree(dir: string): Promise<void> {
  if (process.platform === "win32") return rm(dir, { recursive: true, force: true });
  return new Promise<void>((resolve) => {
    execFile("rm", ["-rf", "--", dir], (error) => resolve(error ? rm(dir, { recursive: true, force: true }) : undefined));
  });
}
