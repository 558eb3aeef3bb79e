/** One entry of Vite's build manifest (build.manifest: true). */
export interface ViteManifestEntry {
  file: string;
  /** The Rollup input name of an entry (or the chunk's name). */
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ViteManifestEntry>;

/** Every file a manifest entry needs loaded, following static imports; the entry's own file first. */
export function collectImports(manifest: ViteManifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (entryKey: string) => {
    const entry = manifest[entryKey];
    if (!entry || js.has(entry.file)) return;
    js.add(entry.file);
    for (const file of entry.css ?? []) css.add(file);
    for (const child of entry.imports ?? []) visit(child);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

/**
 * The client build's one stylesheet (build.cssCodeSplit is off), which every page links. Vite
 * lists it in the manifest under the bundle name it gave it, as an asset of no chunk.
 */
export function siteStylesheet(manifest: ViteManifest): string[] {
  const entry = manifest["style.css"];
  return entry ? [entry.file] : [];
}
