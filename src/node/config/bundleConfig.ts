import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cacheDir } from "../cache";
import { SiteError } from "../errors";

let loads = 0;

/**
 * Imports a site.config.ts as plain JavaScript: esbuild bundles it with the
 * files it imports (packages stay imports), the result is written to the
 * site's cache and imported from there, so bare imports resolve from the
 * site's node_modules as they would from the config. A TypeScript loader
 * (tsx) would do the same job but stays registered for the rest of the
 * process: every later import (Vite, the server bundle's pages) would then
 * make a round trip through its hooks thread.
 */
export async function importBundledConfig(file: string, siteDir: string): Promise<unknown> {
  const esbuild = await import("esbuild");
  let code: string;
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      // Error locations come relative to this folder.
      absWorkingDir: siteDir,
      bundle: true,
      packages: "external",
      format: "esm",
      platform: "node",
      target: "node20",
      write: false,
      logLevel: "silent",
      // The bundle runs from the cache folder: the config still sees its own location.
      define: {
        "import.meta.url": JSON.stringify(pathToFileURL(file).href),
        "import.meta.filename": JSON.stringify(file),
        "import.meta.dirname": JSON.stringify(path.dirname(file)),
      },
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const failure = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    const where = failure?.location ? `${path.resolve(siteDir, failure.location.file)}:${failure.location.line}:${failure.location.column + 1}` : file;
    throw new SiteError(`${where}: could not be loaded: ${failure?.text ?? (error as Error).message}`, { cause: error });
  }
  const folder = cacheDir(siteDir, "config");
  mkdirSync(folder, { recursive: true });
  // A new name on every load: Node keeps an imported module for the life of the process.
  const bundled = path.join(folder, `${path.basename(file)}-${process.pid}-${++loads}.mjs`);
  writeFileSync(bundled, code);
  try {
    return ((await import(pathToFileURL(bundled).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new SiteError(`${file}: could not be loaded: ${(error as Error).message}`, { cause: error });
  } finally {
    rmSync(bundled, { force: true });
  }
}
