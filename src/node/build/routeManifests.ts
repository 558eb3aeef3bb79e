import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DocsManifest, SiteAssets } from "../../core/types";
import { sectionKey } from "../../core/routeMatch";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";
import { routeSections } from "../loadSite";
import { collectImports, type ViteManifest } from "./viteManifest";

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 10);

/**
 * Writes one hashed JSON route manifest per plugin, with each route's module
 * replaced by the URL of its client chunk (and the chunks it imports, for
 * modulepreload). Returns the manifests as the browser sees them.
 */
export function writeRouteManifests(args: { site: SiteData; clientManifest: ViteManifest; outDir: string }) {
  const { site, clientManifest, outDir } = args;
  const url = (file: string) => `${site.config.baseUrl}${file}`;
  const chunkUrlToKey = new Map<string, string>();
  const keyOfSource = (source: string) => path.relative(site.siteDir, source).split(path.sep).join("/");
  const manifests: DocsManifest[] = site.manifests.map((manifest) => ({
    ...manifest,
    routes: manifest.routes.map((route) => {
      const key = keyOfSource(route.chunk);
      const entry = clientManifest[key];
      if (!entry) throw new SiteError(`${route.chunk}: the client build produced no chunk for this page`);
      const chunk = url(entry.file);
      chunkUrlToKey.set(chunk, key);
      const { js } = collectImports(clientManifest, key);
      return { ...route, chunk, imports: js.filter((file) => file !== entry.file).map(url) };
    }),
  }));
  const manifestUrls = new Map<string, string>();
  mkdirSync(path.join(outDir, "assets"), { recursive: true });
  for (const manifest of manifests) {
    const json = JSON.stringify(manifest);
    const key = sectionKey(manifest);
    const file = `assets/routes-${key.replace(/^_+/, "").replace(/[^a-zA-Z0-9_.-]/g, "-")}-${hashOf(json)}.json`;
    writeFileSync(path.join(outDir, file), json);
    manifestUrls.set(key, url(file));
  }
  const assets: SiteAssets = { routeSections: routeSections(site, (key) => manifestUrls.get(key)!), siteVersion: site.config.siteVersion };
  /** The Vite manifest key of a route's chunk URL, to find its server module and its imports. */
  const chunkKeyOf = (chunk: string) => chunkUrlToKey.get(chunk) ?? chunk;
  return { manifests, assets, chunkKeyOf };
}
