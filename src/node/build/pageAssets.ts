import type { PageAssets } from "../render/renderRoute";
import { collectImports, siteStylesheet, type ViteManifest } from "./viteManifest";

/** What a page's asset list is made from: plain data, so a render thread makes the same lists. */
export interface PageAssetsInput {
  clientManifest: ViteManifest;
  /** The client entry's key in the manifest. */
  entryKey: string;
  baseUrl: string;
  /** A route chunk's URL → its key in the manifest (see writeRouteManifests). */
  chunkKeys: ReadonlyMap<string, string>;
}

/** The stylesheets, entry script and module preloads of a page, by its route chunk (none: the not-found page). */
export function pageAssetsOf({ clientManifest, entryKey, baseUrl, chunkKeys }: PageAssetsInput): (chunk: string | undefined) => PageAssets {
  const url = (file: string) => `${baseUrl}${file}`;
  const entryAssets = collectImports(clientManifest, entryKey);
  const cssFiles = siteStylesheet(clientManifest).map(url);
  const entryScript = url(clientManifest[entryKey].file);
  return (chunk) => {
    const own = chunk ? collectImports(clientManifest, chunkKeys.get(chunk) ?? chunk) : { js: [] };
    return { cssFiles, entryScript, modulePreloads: [...new Set([...entryAssets.js.slice(1), ...own.js])].map(url) };
  };
}
