import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface LastUpdate {
  /** Seconds since the epoch of the last commit that touched the file. */
  lastUpdatedAt: number;
  lastUpdatedBy: string;
}

/**
 * The last commit of every file under a folder, from one `git log` (not one
 * per file: a site has hundreds). Files git does not know (new, or no
 * repository at all) are left out, as Docusaurus leaves their date out.
 * https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#showLastUpdateTime
 */
export async function lastUpdates(dir: string): Promise<Map<string, LastUpdate>> {
  const found = new Map<string, LastUpdate>();
  let stdout: string;
  let root: string;
  try {
    root = (await run("git", ["rev-parse", "--show-toplevel"], { cwd: dir })).stdout.trim();
    ({ stdout } = await run("git", ["log", "--format=%x00%ct %an", "--name-only", "--no-renames", "--", "."], { cwd: dir, maxBuffer: 256 * 1024 * 1024 }));
  } catch {
    return found;
  }
  for (const entry of stdout.split("\0").slice(1)) {
    const [header, ...files] = entry.split("\n");
    const space = header.indexOf(" ");
    const update = { lastUpdatedAt: Number(header.slice(0, space)), lastUpdatedBy: header.slice(space + 1) };
    for (const file of files) {
      if (!file) continue;
      const absolute = path.join(root, file);
      // Newest commits come first: the first one seen for a file is its last change.
      if (!found.has(absolute)) found.set(absolute, update);
    }
  }
  return found;
}
