import { outputContentHash } from "../../src/node/plugins/outputContentHash";

/**
 * Takes out of `files` each one the last output holds with the same bytes (`previous`: its files
 * by name, with the hash of their bytes) and returns their names, for the build to keep. A page
 * edited on a 2,000-page site changes a few of the index's 8,000 files: the rest need not travel
 * from the index thread to the build and on to the output writer.
 */
export function leaveOutUnchanged(files: Map<string, string | Uint8Array>, previous: ReadonlyMap<string, string>): string[] {
  const kept: string[] = [];
  if (previous.size === 0) return kept;
  for (const [name, contents] of files) {
    const hash = previous.get(name);
    if (hash === undefined || hash !== outputContentHash(contents)) continue;
    kept.push(name);
    files.delete(name);
  }
  return kept;
}
