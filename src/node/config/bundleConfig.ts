import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cacheDir, DiskCache } from "../cache";
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
  const code = storedBundle(file, siteDir) ?? (await bundle(file, siteDir));
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

/** The bundled config: its code, and a hash of each site file it was made from (paths relative to the site). */
interface ConfigBundle {
  inputs: Record<string, string>;
  code: string;
}

const bundles = (siteDir: string) => new DiskCache<ConfigBundle>(cacheDir(siteDir, "config-bundle"));
const hashOf = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const bundleKey = (file: string, text: string) => hashOf(`${file}\n${text}`);

/**
 * The last bundle of this config, when every file it was made from is as it was: esbuild's start
 * and bundle (about 50 ms) were part of every command's start, with the config unchanged.
 */
function storedBundle(file: string, siteDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const stored = bundles(siteDir).get(bundleKey(file, text));
  if (!stored || typeof stored.code !== "string" || typeof stored.inputs !== "object" || stored.inputs === null) return undefined;
  for (const [input, hash] of Object.entries(stored.inputs)) {
    // The entry's text is the key's: the entry matches already.
    if (path.resolve(siteDir, input) === path.resolve(file)) continue;
    try {
      if (hashOf(readFileSync(path.resolve(siteDir, input))) !== hash) return undefined;
    } catch {
      return undefined;
    }
  }
  return stored.code;
}

async function bundle(file: string, siteDir: string): Promise<string> {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      metafile: true,
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
    const code = result.outputFiles[0].text;
    const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((input) => [input, hashOf(readFileSync(path.resolve(siteDir, input)))]));
    // Keyed by the entry's text as read now (storedBundle checks the other inputs by their hashes).
    bundles(siteDir).set(bundleKey(file, readFileSync(file, "utf8")), { inputs, code });
    return code;
  } catch (error) {
    const failure = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    const where = failure?.location ? `${path.resolve(siteDir, failure.location.file)}:${failure.location.line}:${failure.location.column + 1}` : file;
    throw new SiteError(`${where}: could not be loaded: ${failure?.text ?? (error as Error).message}`, { cause: error });
  }
}
