import { readdirSync, type Stats } from "node:fs";
import path from "node:path";
import type { FSWatcher } from "vite";
import { findConfigFile } from "../config/load";
import { DISCARDED } from "../build/removeTree";

/** The build's output folder, its staging folder and the one it replaces (src/node/build/build.ts), also while that is removed. */
const BUILD_OUTPUT = new RegExp(String.raw`^build(\.tmp-\d+|\.old-\d+|\.journal-\d+)?(${DISCARDED})?$`);

export interface SiteWatcher {
  /** For Vite's `server.watch.ignored`: what the watcher skips, now or for good. */
  ignored(file: string, stats?: Stats): boolean;
  /** Starts watching the site's folders (once; later calls do nothing). */
  start(watcher: FSWatcher): void;
}

/**
 * What the dev server's file watcher reads. Vite watches the whole site folder, and the watcher
 * visits every file in it before it sees a change: on 2,000 pages with their last build beside
 * them, seconds of work on the thread that renders the first page. So the site's build output and
 * any other site kept inside it (a test fixture, a benchmark corpus) are never watched, and the
 * site's folders are only visited once `start` is called, after the first page is out.
 */
export function siteWatcher(siteDir: string): SiteWatcher {
  let deferring = true;
  const otherSite = new Map<string, boolean>();
  const isOtherSite = (dir: string) => {
    let known = otherSite.get(dir);
    if (known === undefined) otherSite.set(dir, (known = findConfigFile(dir) !== undefined));
    return known;
  };
  const ignored = (file: string, stats?: Stats) => {
    const parent = path.dirname(file);
    if (parent === siteDir && (deferring || BUILD_OUTPUT.test(path.basename(file)))) return true;
    return file !== siteDir && file.startsWith(siteDir + path.sep) && stats?.isDirectory() === true && isOtherSite(file);
  };
  return {
    ignored,
    start(watcher) {
      if (!deferring) return;
      deferring = false;
      // The site folder itself is watched already: adding its entries visits what was skipped.
      const entries = readdirSync(siteDir).map((name) => path.join(siteDir, name));
      watcher.add(entries.filter((entry) => !ignored(entry)));
    },
  };
}
