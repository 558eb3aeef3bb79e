import { rmSync } from "node:fs";
import path from "node:path";
import { build as viteBuild, type InlineConfig, type Plugin, type Rollup } from "vite";
import { steadyInteropPlugin } from "../bundle/steadyInterop";
import { SiteError } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";
import { CLIENT_ENTRY, SERVER_ENTRY } from "./appEntries";
import type { ViteManifest } from "./viteManifest";
import { readText } from "../text";


/** Vite wraps plugin errors; ours already say file:line:column and what is wrong, so unwrap them. */
function rethrowBuildError(error: unknown): never {
  if (error instanceof SiteError) throw error;
  const rollupError = error as Rollup.RollupError & { cause?: unknown; errors?: unknown[] };
  if (rollupError.cause instanceof SiteError) throw rollupError.cause;
  const siteError = rollupError.errors?.map((inner) => (inner instanceof SiteError ? inner : (inner as { cause?: unknown })?.cause)).find((inner) => inner instanceof SiteError);
  if (siteError) throw siteError;
  const where = rollupError.loc ? `${rollupError.loc.file ?? rollupError.id}:${rollupError.loc.line}:${rollupError.loc.column}: ` : rollupError.id ? `${rollupError.id}: ` : "";
  throw new SiteError(`${where}${rollupError.message}`, { cause: error });
}

const SHARED_BUILD = { manifest: true, sourcemap: false, reportCompressedSize: false, emptyOutDir: true } as const;

/**
 * Passes the bundler's notes on, but not the one on PGlite's direct eval: its Emscripten glue
 * calls eval on purpose, and the note (four per build, from the playground's worker bundle,
 * which reads this setting from the main build) is nothing the site's author can act on.
 */
const onLog: NonNullable<Rollup.InputOptions["onLog"]> = (level, log, handler) => {
  if (log.code === "EVAL" && /[\\/]@electric-sql[\\/]pglite[\\/]/.test(`${log.id ?? ""} ${log.message}`)) return;
  handler(level, log);
};

/** Runs one Vite build into `outDir` and returns its manifest, with our errors unwrapped. */
async function bundle(config: InlineConfig, outDir: string): Promise<ViteManifest> {
  try {
    await viteBuild({ ...config, mode: "production" });
  } catch (error) {
    rethrowBuildError(error);
  }
  return readManifest(outDir);
}

/**
 * The browser bundle: the client entry plus one lazy chunk per page module, into `outDir`.
 * `onModules` hears every module id the bundle read, for the build's record of its inputs.
 */
export function bundleClient(shared: InlineConfig, pageInputs: Record<string, string>, outDir: string, onModules?: (ids: string[]) => void): Promise<ViteManifest> {
  const listModules: Plugin = {
    name: "graphile-docs:module-list",
    generateBundle() {
      onModules?.([...this.getModuleIds()]);
    },
  };
  return bundle(
    {
      ...shared,
      plugins: [...(shared.plugins ?? []), steadyInteropPlugin(), listModules],
      build: {
        ...SHARED_BUILD,
        outDir,
        chunkSizeWarningLimit: 2048,
        // One stylesheet for every page (as Docusaurus ships): a second render-blocking request
        // cost more than the few KB it saved, and a page reached client-side had no way to
        // load its chunk's CSS (pages are entries, whose CSS only the HTML links).
        cssCodeSplit: false,
        rollupOptions: {
          input: { main: CLIENT_ENTRY, ...pageInputs },
          onLog,
          // Entries may carry more than their own exports: the app entry then holds its shared code itself
          // instead of becoming a facade (one more request) over it.
          preserveEntrySignatures: "allow-extension",
          // The MDX compile is the slow part by design; rolldown's timing advice is noise here.
          checks: { bundlerTimings: false },
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            chunkFileNames: "assets/[name]-[hash].js",
            assetFileNames: "assets/[name]-[hash][extname]",
            // Everything the entry imports statically in one file: it loads on every page anyway, and one
            // file compresses better than the eight small shared chunks Rolldown would split it into.
            // Rolldown's runtime helpers too, which the theme's entries for standalone pages would otherwise split out.
            codeSplitting: { groups: [{ name: "app", test: /src[\\/]client[\\/]entry\.tsx$|rolldown[\\/]runtime\.js$/ }] },
          },
        },
      },
    },
    outDir,
  );
}

/** The server bundle the build renders every route with; it never reaches the output. */
export function bundleServer(shared: InlineConfig, pageInputs: Record<string, string>, outDir: string): Promise<ViteManifest> {
  return bundle(
    {
      ...shared,
      plugins: [...(shared.plugins ?? []), steadyInteropPlugin()],
      build: {
        ...SHARED_BUILD,
        ssr: true,
        outDir,
        rollupOptions: {
          input: { server: SERVER_ENTRY, ...pageInputs },
          onLog,
          checks: { bundlerTimings: false },
          output: { format: "esm", entryFileNames: "[name].mjs", chunkFileNames: "chunks/[name]-[hash].mjs" },
        },
      },
      // React Router's Node entry is CommonJS (a UMD build and @remix-run/router's 200 KB file):
      // importing it cost each rendering thread 0.1 s; bundled, only what the theme uses comes in, as ESM.
      ssr: { noExternal: [/^@docsearch\//, "react-router-dom", "react-router", "@remix-run/router"] },
    },
    outDir,
  );
}

function readManifest(outDir: string): ViteManifest {
  const file = path.join(outDir, ".vite/manifest.json");
  const manifest = JSON.parse(readText(file)) as ViteManifest;
  rmSync(path.dirname(file), { recursive: true, force: true });
  return manifest;
}
