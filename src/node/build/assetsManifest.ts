import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Lists, one per line relative to the output folder, the content-hashed files
 * the build wrote. The static server gives exactly these a year of immutable
 * caching; anything else (HTML, static/ files, a path that merely contains
 * "assets") is revalidated on every load.
 */
export const ASSETS_MANIFEST_FILE = ".assets-manifest";

/** Call after the bundler and the route manifests wrote assets/, before static/ is copied over it. */
export function writeAssetsManifest(outDir: string, assetsFolder = "assets"): void {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(outDir, full).split(path.sep).join("/"));
    }
  };
  walk(path.join(outDir, assetsFolder));
  // Compressed copies may be under way already; the server finds them from the file they copy.
  const listed = new Set(found);
  const own = found.filter((file) => !(/\.(br|gz)$/.test(file) && listed.has(file.slice(0, -3))));
  writeFileSync(path.join(outDir, ASSETS_MANIFEST_FILE), `${own.sort().join("\n")}\n`);
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
      if (stamp !== cached.stamp) cached = { stamp, files: new Set(readFileSync(file, "utf8").split("\n").filter(Boolean)) };
    } catch {
      cached = { stamp: "", files: new Set() };
    }
    return cached.files;
  };
}
