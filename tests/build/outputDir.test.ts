import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "./support";

const site = copyFixture("basic");
afterAll(() => site.remove());

async function buildError(outDir: string): Promise<string> {
  try {
    await buildSite({ siteDir: site.dir, outDir });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected the build into ${outDir} to fail`);
}

describe("output folder guard in the build", () => {
  it("refuses to build into the project, a content folder or the config file, and leaves them alone", async () => {
    expect(await buildError(".")).toMatch(/refusing to replace it: it is the project folder/);
    expect(await buildError("docs")).toMatch(/refusing to replace it: it is .*docs/);
    expect(await buildError("site.config.ts")).toMatch(/refusing to replace it/);
    expect(existsSync(path.join(site.dir, "docs/guide"))).toBe(true);
    expect(readFileSync(path.join(site.dir, "site.config.ts"), "utf8")).toContain("defineConfig");
  });

  it("refuses a regular file named build, and a folder someone else filled, keeping both", async () => {
    writeFileSync(path.join(site.dir, "build"), "my notes");
    expect(await buildError("build")).toMatch(/a file of that name exists/);
    expect(readFileSync(path.join(site.dir, "build"), "utf8")).toBe("my notes");
    mkdirSync(path.join(site.dir, "mine"));
    writeFileSync(path.join(site.dir, "mine/keep.txt"), "keep");
    expect(await buildError("mine")).toMatch(/not written by this generator/);
    expect(existsSync(path.join(site.dir, "mine/keep.txt"))).toBe(true);
  });
});
