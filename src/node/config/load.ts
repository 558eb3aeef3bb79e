import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SiteError } from "../errors";
import type { SiteConfig, SiteConfigInput } from "./types";
import { validateSiteConfig } from "./validate";

/** Imports site.config.ts from the site folder (the scripts run under tsx, which loads TypeScript). */
export async function loadSiteConfig(siteDir: string): Promise<SiteConfig> {
  const file = path.join(siteDir, "site.config.ts");
  if (!existsSync(file)) throw new SiteError(`${file}: no site configuration found; create site.config.ts exporting defineConfig({...})`);
  let loaded: { default?: SiteConfigInput };
  try {
    loaded = await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
  } catch (error) {
    throw new SiteError(`${file}: could not be loaded: ${(error as Error).message}`, { cause: error });
  }
  return validateSiteConfig(loaded.default as SiteConfigInput);
}
