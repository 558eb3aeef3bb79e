import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin as EsbuildPlugin } from "esbuild";
import type { Plugin as VitePlugin } from "vite";
import type * as ServerEntry from "../../client/serverEntry";
import { SERVER_ENTRY } from "../build/appEntries";
import { cacheDir } from "../cache";
import { GENERATOR_DIR } from "../generatorDir";

/**
 * The dev server renders every page on the server. Loading the theme through Vite's SSR loader
 * transforms and evaluates its 120-odd modules one at a time (seconds of a cold start); loading it
 * as one esbuild bundle takes a fraction of that. The bundle depends only on the generator's own
 * files, so it is kept between starts in the generator's node_modules/.cache, under a key made of
 * every source file's size and time: an edit makes a new bundle, an unchanged generator reuses it.
 *
 * Pages (and a site's own components) still load through Vite, so their edits hot-reload. Their
 * imports of theme modules (`@theme/CodeBlock`, `@docusaurus/Link`) are served from the bundle
 * too (`vitePlugin`): a second copy of a module would hold its own React contexts, which the
 * bundle's providers never fill.
 */

const THEME = path.join(GENERATOR_DIR, "src/theme");
/** The generator folders the server render reaches; their files are hashed into the cache key. */
const SOURCE_FOLDERS = ["src/theme", "src/client", "src/core"].map((folder) => path.join(GENERATOR_DIR, folder));
/** Browser-only code the server render never evaluates: the client entry and the playground editor. */
const BROWSER_ONLY = [path.join(GENERATOR_DIR, "src/client/entry.tsx"), path.join(GENERATOR_DIR, "src/theme/Playground") + path.sep];
/** The module the version UI is served as (sitePlugin): in dev always the real components. */
const VERSION_UI = { specifier: "virtual:version-ui", file: path.join(GENERATOR_DIR, "src/theme/versionUi.ts") };
const SOURCE = /\.tsx?$/;
const PROXY_PREFIX = "\0graphile-docs:ssr-theme:";
const REGISTRY = Symbol.for("graphile-docs.ssr-theme");
/** Bumped when the way the bundle is made changes, so an older bundle is not reused. */
const BUNDLE_FORMAT = "1";
/** Marks esbuild's own resolution of a package, asked for from inside the plugin. */
const RESOLVING = Symbol("resolving");
/** Installed packages, named by path in the bundle: a reinstall makes a new bundle. */
const INSTALLED_PACKAGES = path.join(GENERATOR_DIR, "node_modules/.package-lock.json");

type Registry = Map<string, Record<string, unknown>>;

function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  ).sort();
}

/** The files a page may import from the bundle: every theme and client module the server can run. */
function entryFiles(files: string[]): string[] {
  return files.filter((file) => SOURCE.test(file) && !file.endsWith(".d.ts") && !BROWSER_ONLY.some((excluded) => file === excluded || file.startsWith(excluded)));
}

/** Every source file's size and time, and the installed packages' (an esbuild or React upgrade changes the lock). */
function bundleKey(files: string[]): string {
  const hash = createHash("sha256").update(BUNDLE_FORMAT);
  for (const file of [...files, INSTALLED_PACKAGES].filter(existsSync)) {
    const stats = statSync(file);
    hash.update(`${file}\0${stats.size}\0${stats.mtimeMs}\n`);
  }
  return hash.digest("hex").slice(0, 24);
}

/**
 * Packages stay outside the bundle, named by the file esbuild resolves them to: Node's own resolver
 * rejects some subpaths Vite accepts (`react-router-dom/server` has no exports map). Virtual
 * modules other than the version UI are for the browser only, as are styles (Vite injects them).
 */
const serverOnlyPlugin: EsbuildPlugin = {
  name: "graphile-docs:ssr-theme",
  setup(build) {
    build.onResolve({ filter: /^virtual:/ }, (args) => (args.path === VERSION_UI.specifier ? { path: VERSION_UI.file } : { path: args.path, namespace: "empty" }));
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: RESOLVING });
      return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: pathToFileURL(resolved.path).href, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export default null;", loader: "js" }));
  },
};

/** Outputs of the bundle by source file, read back from the esbuild metafile. */
type OutputOf = Map<string, string>;

/** Bundles `entries` into `outDir` (staged, then renamed into place) and clears the bundles of other keys beside it. */
export async function writeBundle(outDir: string, entries: string[]): Promise<OutputOf> {
  const esbuild = await import("esbuild");
  const staging = `${outDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: GENERATOR_DIR,
    entryPoints: entries,
    outdir: staging,
    outbase: GENERATOR_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    jsx: "automatic",
    loader: { ".css": "empty" },
    define: { "import.meta.env.SSR": "true" },
    plugins: [serverOnlyPlugin],
    metafile: true,
    logLevel: "silent",
  });
  const outputs: OutputOf = new Map();
  for (const [output, info] of Object.entries(result.metafile.outputs)) {
    if (info.entryPoint) outputs.set(path.resolve(GENERATOR_DIR, info.entryPoint), path.relative(staging, path.resolve(GENERATOR_DIR, output)));
  }
  writeFileSync(path.join(staging, "outputs.json"), JSON.stringify(Object.fromEntries(outputs)));
  // Bundles of earlier sources are of no more use (a dev server still running on one keeps what it
  // loaded). This one's own key stays: another dev server may have just made it and be loading it.
  for (const name of readdirSync(path.dirname(outDir))) {
    if (!name.includes(".tmp-") && name !== path.basename(outDir)) rmSync(path.join(path.dirname(outDir), name), { recursive: true, force: true });
  }
  try {
    renameSync(staging, outDir);
  } catch (error) {
    // Another dev server made the same bundle at the same moment: its copy is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(outDir, "outputs.json"))) throw error;
  }
  return outputs;
}

export interface SsrTheme {
  /** The server entry, from the bundle (made first if the generator's files changed). */
  serverEntry(): Promise<typeof ServerEntry>;
  /** Serves page imports of theme modules from the bundle, in Vite's server environment only. */
  vitePlugin: VitePlugin;
  /** Told about every changed file: a theme edit makes the next render use a new bundle. */
  fileChanged(file: string): boolean;
}

/**
 * The bundled theme for a site's dev server, or undefined when Vite must load the theme module by
 * module: a site whose own MDXComponents (src/theme) replace ours changes what our DocPage imports.
 */
export function createSsrTheme(siteDir: string): SsrTheme | undefined {
  const siteTheme = path.join(siteDir, "src/theme");
  if (siteTheme !== THEME && existsSync(siteTheme) && readdirSync(siteTheme).some((name) => name.startsWith("MDXComponents"))) return undefined;
  // One registry per process, keyed by the bundle's file: dev servers side by side (tests) never mix their modules.
  const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Registry;
  let current: Promise<{ dir: string; outputs: OutputOf }> | undefined;

  const load = () => {
    current ??= (async () => {
      const files = sourceFiles();
      const dir = path.join(cacheDir(GENERATOR_DIR, "dev-ssr-theme"), bundleKey(files));
      const recorded = path.join(dir, "outputs.json");
      const outputs: OutputOf = existsSync(recorded)
        ? new Map(Object.entries(JSON.parse(readFileSync(recorded, "utf8")) as Record<string, string>))
        : await writeBundle(dir, entryFiles(files));
      return { dir, outputs };
    })();
    current.catch(() => (current = undefined)); // a failed bundle is retried on the next request
    return current;
  };

  /** A source file's module from the bundle, and the key it is registered under for Vite's proxies. */
  const importModule = async (file: string): Promise<{ key: string; module: Record<string, unknown> }> => {
    const { dir, outputs } = await load();
    const output = outputs.get(file);
    if (!output) throw new Error(`${file} is not part of the dev server's theme bundle`);
    const key = pathToFileURL(path.join(dir, output)).href;
    const module = (await import(key)) as Record<string, unknown>;
    registry.set(key, module);
    return { key, module };
  };

  const vitePlugin: VitePlugin = {
    name: "graphile-docs:dev-ssr-theme",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      if (source.startsWith(PROXY_PREFIX)) return source;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const { outputs } = await load();
      return outputs.has(resolved.id) ? `${PROXY_PREFIX}${resolved.id}` : resolved;
    },
    async load(id) {
      if (!id.startsWith(PROXY_PREFIX)) return undefined;
      const { key, module } = await importModule(id.slice(PROXY_PREFIX.length));
      const names = Object.keys(module).filter((name) => name !== "default");
      return [
        `const bundled = globalThis[Symbol.for(${JSON.stringify(REGISTRY.description)})].get(${JSON.stringify(key)});`,
        `export default bundled.default;`,
        ...(names.length > 0 ? [`export const { ${names.join(", ")} } = bundled;`] : []),
      ].join("\n");
    },
  };

  return {
    serverEntry: async () => (await importModule(SERVER_ENTRY)).module as unknown as typeof ServerEntry,
    vitePlugin,
    fileChanged(file) {
      if (!SOURCE_FOLDERS.some((folder) => file.startsWith(folder + path.sep))) return false;
      current = undefined;
      return true;
    },
  };
}
