import { statSync } from "node:fs";
import path from "node:path";
import { findConfigFile, loadSiteConfig } from "../config/load";

const siteDirs = new Map<string, string | undefined>();

/** The nearest folder above a content file that holds a site.config.ts. */
export function findSiteDir(file: string): string | undefined {
  const start = path.dirname(path.resolve(file));
  if (siteDirs.has(start)) return siteDirs.get(start);
  let dir = start;
  let found: string | undefined;
  for (;;) {
    if (findConfigFile(dir)) {
      found = dir;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  siteDirs.set(start, found);
  return found;
}

const prismConfigs = new Map<string, { mtimeMs: number; value: Promise<{ theme?: string; darkTheme?: string }> }>();

/**
 * The code-theme names in a site's configuration. Used when the caller of
 * compileMarkdown does not pass them; cached until site.config.ts changes.
 */
export function sitePrismThemes(siteDir: string): Promise<{ theme?: string; darkTheme?: string }> {
  const file = findConfigFile(siteDir) ?? path.join(siteDir, "site.config.ts");
  const mtimeMs = statSync(file).mtimeMs;
  const cached = prismConfigs.get(siteDir);
  if (cached && cached.mtimeMs === mtimeMs) return cached.value;
  const value = loadSiteConfig(siteDir).then((config) => ({ theme: config.prism.theme, darkTheme: config.prism.darkTheme }));
  prismConfigs.set(siteDir, { mtimeMs, value });
  return value;
}
