import Module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SiteError } from "../errors";
import { GENERATOR_DIR } from "../generatorDir";

/** Packages a Docusaurus config imports for data only, stood in for when the site has not installed them. */
const FALLBACKS: Record<string, string> = {
  "prism-react-renderer": path.join(GENERATOR_DIR, "src/node/config/shims/prism-react-renderer.cjs"),
};

/** `@docusaurus/*` packages a config may require: always ours, installed in the site or not. */
const OVERRIDES: Record<string, string> = {
  "@docusaurus/remark-plugin-npm2yarn": path.join(GENERATOR_DIR, "src/node/config/shims/remark-plugin-npm2yarn.cjs"),
};

type Resolve = (request: string, ...rest: unknown[]) => string;
let fallbacksInstalled = false;

/**
 * Docusaurus configs are CommonJS or ESM, JavaScript or TypeScript, and often
 * `import … from "prism-react-renderer"` for theme objects. tsx loads all of
 * these the same way (tsx compiles ESM syntax in a CommonJS `.js` to
 * `require`); CommonJS resolution and ESM loader hooks both fall back to our
 * stand-in for a package the site has not installed, and always resolve the
 * `@docusaurus/*` packages we implement ourselves to ours.
 */
function installFallbacks(): void {
  if (fallbacksInstalled) return;
  fallbacksInstalled = true;
  // ESM imports (a config in a "type": "module" package, .mjs, .mts) resolve through loader hooks.
  const urls = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([name, file]) => [name, pathToFileURL(file).href]));
  Module.register(pathToFileURL(path.join(GENERATOR_DIR, "src/node/config/shims/fallbackHooks.mjs")).href, { data: { fallbacks: urls(FALLBACKS), overrides: urls(OVERRIDES) } });
  const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
  const original = moduleWithResolve._resolveFilename;
  moduleWithResolve._resolveFilename = function resolveWithFallback(this: unknown, request: string, ...rest: unknown[]) {
    if (Object.hasOwn(OVERRIDES, request)) return OVERRIDES[request];
    try {
      return original.call(this, request, ...rest);
    } catch (error) {
      if (Object.hasOwn(FALLBACKS, request)) return FALLBACKS[request];
      throw error;
    }
  };
}

/** Strips the `default` wrappers CommonJS/ESM interop leaves around a module's value. */
function unwrapDefault(value: unknown): unknown {
  let current = value;
  while (current && typeof current === "object" && "default" in current && Object.keys(current).every((key) => key === "default" || key === "__esModule")) {
    current = (current as { default: unknown }).default;
  }
  return current;
}

/**
 * Loads a configuration module (docusaurus.config.*, sidebars.*) fresh on
 * every call, outside any bundler, and returns its default export. A function
 * export (Docusaurus allows `async () => config`) is called.
 */
export async function importConfigModule(file: string): Promise<unknown> {
  installFallbacks();
  let loaded: unknown;
  try {
    // tsx loads with the first Docusaurus config: every other command (this site's own config is
    // bundled by esbuild) was paying about 40 ms at its start to load and register it for nothing.
    const { tsImport } = await import("tsx/esm/api");
    loaded = await tsImport(pathToFileURL(file).href, { parentURL: pathToFileURL(file).href });
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    throw new SiteError(`${file}: could not be loaded: ${message}`, { cause: error });
  }
  const value = unwrapDefault(loaded);
  return typeof value === "function" ? await (value as () => unknown)() : value;
}
