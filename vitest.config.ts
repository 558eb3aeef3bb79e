import { defineConfig } from "vitest/config";

/**
 * A build's server modules (under the site's .cache/ssr-*), which a build in a test imports to
 * render: Node loads them as it does outside tests. Left to Vitest, each was transformed again
 * (every build names its folder afresh), 13 of a build test file's 55 s.
 */
const BUILT_SERVER_MODULE = /[\\/]\.cache[\\/]ssr-/;

export default defineConfig({
  test: {
    projects: [
      // Unit tests render the theme without Vite: the version UI resolves to the real components.
      // They share one module graph (isolate: false): a fresh one per file made the project take
      // 65 s instead of 30, two thirds of it re-importing the same modules; the few tests that stub
      // globals or environment variables undo it after each test.
      { resolve: { alias: { "virtual:version-ui": new URL("./src/theme/versionUi.ts", import.meta.url).pathname } }, test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"], environment: "node", isolate: false } },
      // Build test files work in copies of their own, so they run beside the unit and doc tests: one at
      // a time, they formed a phase of their own after those, with one of the two workers idle.
      { test: { name: "build", include: ["tests/build/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 300_000, server: { deps: { external: [BUILT_SERVER_MODULE] } } } },
      { test: { name: "doctest", include: ["tests/doctest/**/*.test.ts"], testTimeout: 900_000, hookTimeout: 300_000 } },
      // Browser test files share one module graph too: each otherwise imported the generator again (about a second a file).
      // The shared graph also lets them share one Chromium (sharedBrowser in tests/e2e/support.ts).
      { test: { name: "e2e", include: ["tests/e2e/**/*.test.ts"], globalSetup: ["tests/e2e/globalSetup.ts"], testTimeout: 60_000, hookTimeout: 300_000, fileParallelism: false, isolate: false, server: { deps: { external: [BUILT_SERVER_MODULE] } } } },
    ],
  },
});
