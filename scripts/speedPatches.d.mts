/** Types of scripts/speedPatches.mjs, for the test that runs each patch. */
import type { Plugin } from "esbuild";

/** The esbuild plugin that applies every patch to the installed files it names. */
export declare const speedPatchesPlugin: Plugin;
