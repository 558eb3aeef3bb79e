import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { cacheDir } from "../../src/node/cache";
import { TransformCache, type TransformedPage } from "../../src/node/build/transformCache";
import { tempFolders } from "./helpers/tempFolders";

const siteFolder = tempFolders("transform-cache");

const ordersPage: TransformedPage = {
  client: 'import{jsx as e}from"./main-Q1.js";export default function(){return e("h1",{children:"Orders"})}',
  server: 'import { jsx } from "../server.mjs";\nexport default function Page() { return jsx("h1", { children: "Orders" }); }\n',
  imports: ["src/client/entry.tsx"],
  clientFile: "assets/page-orders-Ab12Cd34.js",
  deferredFile: "assets/orders-Ef56Gh78.js",
  serverHash: "1f".repeat(32),
};
const inputs = ["by compile key", "c0ffee", "/site/docs/orders.md", "page-orders"];
/** The server-module store (ServerModuleStore.has) holding every module asked about. */
const storeHasModule = () => true;
/** The page as a rebuild gets it from the cache: its server module is the store's to give. */
const { server: _server, ...storedOrdersPage } = ordersPage;

/** The page entries' files (every entry but the index), by path. */
function pageEntries(siteDir: string): string[] {
  const root = cacheDir(siteDir, "standalone-pages");
  return readdirSync(root, { recursive: true })
    .map((name) => path.join(root, String(name)))
    .filter((file) => file.endsWith(".json") && !file.includes("last-build-index"));
}

/** A build that transforms the page (null: finds it needs the bundler) and stores what it made. */
async function firstBuild(siteDir: string, page: TransformedPage | null = ordersPage): Promise<void> {
  const cache = new TransformCache(siteDir, storeHasModule);
  await cache.get(inputs, async () => page ?? undefined);
  cache.saveIndex();
}

describe("the standalone pages' transform cache", () => {
  it("gives a rebuild an unchanged page's file names from its index, and its code from the page's entry when asked", async () => {
    const siteDir = siteFolder();
    await firstBuild(siteDir);
    const [entry] = pageEntries(siteDir);
    // The entry's own first part now says otherwise: what the rebuild answers comes from the index.
    const [, code] = readFileSync(entry, "utf8").split("\n");
    writeFileSync(entry, `${JSON.stringify({ ...ordersPage, client: undefined, server: undefined, clientFile: "assets/elsewhere.js" })}\n${code}`);

    const make = vi.fn(async () => undefined);
    const page = await new TransformCache(siteDir, storeHasModule).get(inputs, make);
    expect(make).not.toHaveBeenCalled();
    expect(page?.clientFile).toBe(ordersPage.clientFile);
    expect(page?.client).toBe(ordersPage.client);
    expect(page).toEqual(storedOrdersPage);
  });

  it("remembers a page that needs the bundler", async () => {
    const siteDir = siteFolder();
    await firstBuild(siteDir, null);
    const make = vi.fn(async () => ordersPage);
    expect(await new TransformCache(siteDir, storeHasModule).get(inputs, make)).toBeUndefined();
    expect(make).not.toHaveBeenCalled();
  });

  it("makes the page again when its entry is gone, even though the index lists it", async () => {
    const siteDir = siteFolder();
    await firstBuild(siteDir);
    for (const entry of pageEntries(siteDir)) rmSync(entry);
    const make = vi.fn(async () => ordersPage);
    expect(await new TransformCache(siteDir, storeHasModule).get(inputs, make)).toEqual(ordersPage);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("reads the pages' own entries when the index is damaged", async () => {
    const siteDir = siteFolder();
    await firstBuild(siteDir);
    const root = cacheDir(siteDir, "standalone-pages");
    const index = readdirSync(root, { recursive: true }).map(String).find((name) => name.includes("last-build-index"))!;
    writeFileSync(path.join(root, index), "{ not json");
    const make = vi.fn(async () => undefined);
    expect(await new TransformCache(siteDir, storeHasModule).get(inputs, make)).toEqual(storedOrdersPage);
    expect(make).not.toHaveBeenCalled();
  });

  it("keeps no copy of a page's server module, which the server-module store holds", async () => {
    const siteDir = siteFolder();
    await firstBuild(siteDir);
    const stored = pageEntries(siteDir).map((entry) => readFileSync(entry, "utf8"));
    expect(stored.join("")).toContain("Orders");
    expect(stored.join("")).not.toContain("export default function Page()");
  });

  it("makes the page again when the server-module store no longer holds its module", async () => {
    const siteDir = siteFolder();
    await firstBuild(siteDir);
    const asked: string[] = [];
    const storeLacksModule = (hash: string) => (asked.push(hash), false);
    const make = vi.fn(async () => ordersPage);
    expect(await new TransformCache(siteDir, storeLacksModule).get(inputs, make)).toEqual(ordersPage);
    expect(make).toHaveBeenCalledTimes(1);
    expect(new Set(asked)).toEqual(new Set([ordersPage.serverHash]));
  });
});
