import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pluginCacheDir } from "../../src/node/build/emitFiles";
import { tempFolders } from "./helpers/tempFolders";

const site = tempFolders("plugin-cache");

describe("a plugin's cache folder", () => {
  it("lives under the site's node_modules/.cache, keeps what the plugin stored, and is emptied when another generator filled it", () => {
    const siteDir = site();
    const dir = pluginCacheDir(siteDir, { id: "search" })!;
    expect(path.relative(siteDir, dir).split(path.sep)).toEqual(["node_modules", ".cache", "graphile-docs", "plugins", "search"]);
    writeFileSync(path.join(dir, "entry.json"), "{}");
    expect(pluginCacheDir(siteDir, { id: "search" })).toBe(dir);
    expect(existsSync(path.join(dir, "entry.json"))).toBe(true);

    // As an older or locally edited generator would have left it.
    writeFileSync(path.join(dir, "generator"), "another generator");
    expect(pluginCacheDir(siteDir, { id: "search" })).toBe(dir);
    expect(existsSync(path.join(dir, "entry.json"))).toBe(false);
  });

  it("keeps each plugin instance apart, whatever its id holds", () => {
    const siteDir = site();
    const [a, b] = [pluginCacheDir(siteDir, { id: "blog/../search" })!, pluginCacheDir(siteDir, { id: "search" })!];
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe(path.dirname(b));
  });
});
