import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DISCARDED, discardTree, isDiscarded } from "./removeTree";
import { journalPattern, rollBackMerge } from "./mergeOutput";

/**
 * A folder set aside for removal longer ago than this has outlived the `rm` started for it (the
 * machine stopped first, say): a build starts another. A younger one is most likely still going.
 */
const DISCARD_GRACE_MS = 60_000;

/** True while a process with this id runs (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Removes what interrupted builds left behind: `<out>.tmp-<pid>` staging
 * folders, `<out>.old-<pid>` folders of a half-done swap, `<out>.journal-<pid>` of a merge in
 * place cut short (rolled back first, so the output is the last build's again), and
 * `.cache/ssr-<pid>-<n>` server bundles, but only those whose process is
 * gone, so a build running in parallel keeps its own; and, in the background,
 * those a finished build set aside for removal (discardTree) whose removal
 * was cut short. Returns what it removed or set about removing.
 */
export function cleanLeftovers(siteDir: string, outDir = path.join(siteDir, "build"), alive: (pid: number) => boolean = isProcessAlive): string[] {
  const removed: string[] = [];
  const outName = path.basename(outDir);
  const outParent = path.dirname(outDir);
  const escaped = outName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const journal = new RegExp(journalPattern(escaped));
  for (const name of entries(outParent)) {
    const match = journal.exec(name);
    if (!match || alive(Number(match[1]))) continue;
    const full = path.join(outParent, name);
    rollBackMerge(full);
    removed.push(full);
  }
  const staging = new RegExp(`^${escaped}\\.(?:tmp|old|journal)-(\\d+)(?:${DISCARDED})?$`);
  const serverBundle = new RegExp(`^ssr-(\\d+)-\\d+(?:${DISCARDED})?$`);
  const candidates = [
    ...entries(outParent).map((name) => ({ full: path.join(outParent, name), match: staging.exec(name) })),
    ...entries(path.join(siteDir, ".cache")).map((name) => ({ full: path.join(siteDir, ".cache", name), match: serverBundle.exec(name) })),
  ];
  const now = Date.now();
  for (const { full, match } of candidates) {
    if (!match) continue;
    if (isDiscarded(full)) {
      const setAside = statSync(full, { throwIfNoEntry: false })?.ctimeMs;
      if (setAside === undefined || now - setAside < DISCARD_GRACE_MS) continue;
      discardTree(full);
    } else {
      if (alive(Number(match[1]))) continue;
      rmSync(full, { recursive: true, force: true });
    }
    removed.push(full);
  }
  return removed;
}

const pending = new Set<string>();
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

function onSignal(signal: NodeJS.Signals): void {
  for (const dir of pending) rmSync(dir, { recursive: true, force: true });
  pending.clear();
  for (const name of SIGNALS) process.removeListener(name, onSignal);
  // Die of the same signal, so the shell sees the usual exit status (130 for Ctrl-C).
  process.kill(process.pid, signal);
}

/**
 * Removes `dirs` if the build is interrupted by Ctrl-C or SIGTERM. Call the
 * returned function when the build ends (either way): it forgets the folders
 * and, when no build is left running, the signal handlers.
 */
export function removeOnInterrupt(dirs: readonly string[]): () => void {
  if (pending.size === 0) for (const name of SIGNALS) process.on(name, onSignal);
  for (const dir of dirs) pending.add(dir);
  return () => {
    for (const dir of dirs) pending.delete(dir);
    if (pending.size === 0) for (const name of SIGNALS) process.removeListener(name, onSignal);
  };
}
