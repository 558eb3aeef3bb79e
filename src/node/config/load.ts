import { existsSync } from "node:fs";
import path from "node:path";
import { SiteError } from "../errors";
import { importBundledConfig } from "./bundleConfig";
import { findDocusaurusConfig, loadDocusaurusConfig } from "./docusaurus";
import type { SiteConfig, SiteConfigInput } from "./types";
import { validatedOnce } from "./validatedOnce";

export const SITE_CONFIG_FILE = "site.config.ts";

/** The configuration file a site folder is read from: our own, or else a Docusaurus one. */
export function findConfigFile(siteDir: string): string | undefined {
  const own = path.join(siteDir, SITE_CONFIG_FILE);
  return existsSync(own) ? own : findDocusaurusConfig(siteDir);
}

const reportedUnsupported = new Set<string>();

/**
 * Reads the site's configuration: site.config.ts when there is one, else a
 * docusaurus.config.{ts,mts,js,mjs,cjs}, translated to the same input. Both
 * go through one validation. Options a Docusaurus config sets that we do not
 * follow are printed once, as one warning, the first time the file is read.
 */
export async function loadSiteConfig(siteDir: string, onWarning: (message: string) => void = (message) => console.warn(`[warning] ${message}`)): Promise<SiteConfig> {
  const file = findConfigFile(siteDir);
  if (!file) throw new SiteError(`${siteDir}: no site configuration found; create ${SITE_CONFIG_FILE} exporting defineConfig({...}), or point --site at a Docusaurus site with a docusaurus.config.js`);
  if (!file.endsWith(SITE_CONFIG_FILE)) {
    const { input, extras, unsupported } = await loadDocusaurusConfig(file, siteDir);
    const message = `${file}: these options are not supported and are ignored: ${unsupported.join("; ")}`;
    if (unsupported.length > 0 && !reportedUnsupported.has(message)) {
      reportedUnsupported.add(message);
      onWarning(message);
    }
    return { ...(await validated(siteDir, input)), docusaurus: extras };
  }
  // Bundled to JavaScript first: the compiled build runs on plain Node, which cannot import TypeScript.
  return validated(siteDir, (await importBundledConfig(file, siteDir)) as SiteConfigInput);
}

/** The config checked against the schema, with its defaults; the schema (and zod) loads only for a config it has not seen. */
function validated(siteDir: string, input: SiteConfigInput): Promise<SiteConfig> {
  return validatedOnce(siteDir, "site config", input, async () => (await import("./validate")).validateSiteConfig(input));
}
