/**
 * The compiled commands build the search index on a thread of their own while the pages render
 * (plugins/search/offThread.ts); from the sources, as in the other build tests, it is built in
 * process. Both must write the same index, byte for byte.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "./support";

const ROOT = path.resolve(import.meta.dirname, "../..");

function searchIndexFiles(outDir: string): Record<string, string> {
  const dir = path.join(outDir, "search-index");
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(path.join(dir, name), "utf8")]));
}

describe("the search index built on its own thread", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  // Each build from nothing: an unchanged site would otherwise get the other build's output copied.
  const forgetLastBuild = () => rmSync(path.join(site.dir, "node_modules/.cache"), { recursive: true, force: true });

  it("is the index an in-process build writes", async () => {
    forgetLastBuild();
    execFileSync(process.execPath, [path.join(ROOT, "scripts/run.mjs"), "build", "--site", site.dir, "--out-dir", "build-compiled"], { cwd: ROOT, stdio: "pipe" });
    forgetLastBuild();
    await buildSite({ siteDir: site.dir, outDir: "build-in-process" });
    const inProcess = searchIndexFiles(path.join(site.dir, "build-in-process"));
    expect(Object.keys(inProcess).filter((name) => name.startsWith("terms-")).length).toBeGreaterThan(1);
    expect(searchIndexFiles(path.join(site.dir, "build-compiled"))).toEqual(inProcess);
  });
});
