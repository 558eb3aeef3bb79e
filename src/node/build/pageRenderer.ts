import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageModule, RouteIndex, RouteRecord, SiteAssets } from "../../core/types";
import type * as ServerEntry from "../../client/serverEntry";
import { SiteError } from "../errors";
import { createRenderer, type RenderSite } from "../render/renderRoute";
import { pageAssetsOf, type PageAssetsInput } from "./pageAssets";

/**
 * What rendering the built pages needs, as plain data: the build's main thread and its render
 * thread each make their renderer from it, so both write the same HTML for a page.
 */
export interface PageRenderInput {
  /** The server bundle's folder (server.mjs and the pages' server modules). */
  ssrDir: string;
  site: RenderSite;
  assets: SiteAssets;
  indexes: RouteIndex[];
  files: ReadonlyMap<string, string>;
  /** The server manifest: a module's key → its file in ssrDir. */
  serverFiles: ReadonlyMap<string, string>;
  pageAssets: PageAssetsInput;
}

export type ServerModuleImporter = (file: string) => Promise<PageModule>;

/** The renderer of the built pages, tracking what each render reads (the render cache keys pages by it). */
export async function pageRenderer(input: PageRenderInput) {
  const importServerModule: ServerModuleImporter = (file) => import(pathToFileURL(path.join(input.ssrDir, file)).href) as Promise<PageModule>;
  const server = (await importServerModule("server.mjs")) as unknown as typeof ServerEntry;
  const pageAssets = pageAssetsOf(input.pageAssets);
  const { chunkKeys } = input.pageAssets;
  const serverFileOf = (chunk: string) => input.serverFiles.get(chunkKeys.get(chunk) ?? chunk);
  const importPage = async (route: RouteRecord) => {
    const file = serverFileOf(route.chunk);
    if (!file) throw new SiteError(`${route.chunk}: the server build produced no module for this page`);
    return importServerModule(file);
  };
  const render = createRenderer({ ...input, server, importPage, pageAssets: (route) => pageAssets(route?.chunk), trackDependencies: true });
  return { render, importServerModule, pageAssets, serverFileOf };
}
