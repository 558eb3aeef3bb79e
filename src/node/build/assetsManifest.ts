import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readText } from "../text";

/**
 * Lists, one per line relative to the output folder, the content-hashed files
 * the build wrote. The static server gives exactly these a year of immutable
 * caching; anything else (HTML, static/ files, a path that merely contains
 * "assets") is revalidated on every load.
 */
export const ASSETS_MANIFEST_FILE = ".assets-manifest";

/**
 * Call after the bundler and the route manifests wrote assets/, before static/ is copied over it;
 * `comingFiles` (relative to `outDir`) are hashed files the build places later, and `keptFiles`
 * those a build merged in place leaves where they are in the last output.
 */
export function writeAssetsManifest(outDir: string, comingFiles: readonly string[] = [], assetsFolder = "assets", keptFiles: readonly string[] = []): void {
  // Entries' own types, not a stat each: a 2,000-page output's 12,000 assets took 0.2 s that way.
  const found = readdirSync(path.join(outDir, assetsFolder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  // Compressed copies may be under way already; the server finds them from the file they copy.
  const listed = new Set(found);
  const prefix = `${assetsFolder}/`;
  const own = new Set([...found.filter((file) => !(/\.(br|gz)$/.test(file) && listed.has(file.slice(0, -3)))), ...comingFiles, ...keptFiles.filter((file) => file.startsWith(prefix))]);
  writeFileSync(path.join(outDir, ASSETS_MANIFEST_FILE), `${[...own].sort().join("\n")}\n`);
}

/**
 * Reads the list back, re-reading only when the file changed (a rebuild
 * while serving swaps the whole folder). A missing list means: nothing is immutable.
 */
export function assetsManifestReader(rootDir: string): () => ReadonlySet<string> {
  let cached: { stamp: string; files: ReadonlySet<string> } = { stamp: "", files: new Set() };
  return () => {
    const file = path.join(rootDir, ASSETS_MANIFEST_FILE);
    try {
      const stats = statSync(file);
      const stamp = `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
      if (stamp !== cached.stamp) cached = { stamp, files: new Set(readText(file).split("\n").filter(Boolean)) };
    } catch {
      cached = { stamp: "", files: new Set() };
    }
    return cached.files;
  };
}
