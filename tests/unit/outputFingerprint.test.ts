import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesFingerprint, inputFingerprint, isReusable, type OutputRecord } from "../../src/node/build/outputCache";
import type { SiteData } from "../../src/node/loadSite";
import { tempFolders } from "./helpers/tempFolders";

const folders = tempFolders("output-fingerprint");

/** A loaded site as the build sees it: its data in memory, its module files on disk. */
function loadedSite(siteDir: string, routes: unknown[]): SiteData {
  return {
    siteDir,
    plugins: [],
    config: { title: "Bakery", baseUrl: "/" },
    routes,
    themeConfig: {},
    manifests: {},
    routeOfSource: new Map(),
    dataFiles: new Map(),
  } as unknown as SiteData;
}

/** The same site, but one whose data may not be hashed: reading its routes fails the test. */
function dataUnread(siteDir: string): SiteData {
  const site = loadedSite(siteDir, []);
  Object.defineProperty(site, "routes", {
    get() {
      throw new Error("the site data was hashed");
    },
  });
  return site;
}

describe("the fingerprint of a build's inputs", () => {
  it("tells a changed file from the files alone, and hashes the site data only when they are the same", () => {
    const siteDir = folders();
    mkdirSync(path.join(siteDir, "src"));
    const component = path.join(siteDir, "src/Oven.tsx");
    writeFileSync(component, "export default function Oven() { return null; }\n");
    const routes = [{ path: "/bread", component }];
    const site = loadedSite(siteDir, routes);
    const record = { fingerprint: inputFingerprint(site, [component])!, filesFingerprint: filesFingerprint(site, [component]), moduleFiles: [component] } as OutputRecord;
    expect(isReusable(loadedSite(siteDir, routes), record)).toBe(true);

    // The same files and other routes: the data is hashed, and differs.
    expect(isReusable(loadedSite(siteDir, [...routes, { path: "/cake", component }]), record)).toBe(false);

    // An edited file: no need to hash the data to know.
    writeFileSync(component, "export default function Oven() { return 'hot'; }\n");
    expect(isReusable(dataUnread(siteDir), record)).toBe(false);
    // A record without the files' fingerprint (an older build's) is compared whole.
    expect(() => isReusable(dataUnread(siteDir), { ...record, filesFingerprint: undefined })).toThrow("the site data was hashed");
  });
});
