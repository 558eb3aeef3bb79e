/** Types of scripts/speedPatches.mjs, for the tests that run each patch. */
import type { Plugin } from "esbuild";

export interface SpeedPatch {
  /** The installed file the patch edits. */
  file: RegExp;
  find: RegExp;
  replace: (found: string) => string;
}
export declare const SPEED_PATCHES: readonly SpeedPatch[];
export declare function patchedSource(patch: SpeedPatch, file: string, source: string): string;
export declare const speedPatchesPlugin: Plugin;
