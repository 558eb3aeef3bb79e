import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { prestartUntouchedOutput, takeUntouchedOutput } from "../../src/node/build/outputCache";
import { copyFixture } from "./support";

/** scripts/build.ts lists the folder the last output most likely is in before it reads that build's record. */
describe("the check of the last output started before the build", () => {
  const site = copyFixture("basic");
  beforeAll(() => buildSite({ siteDir: site.dir, outDir: "public" }));
  afterAll(() => site.remove());

  const check = async (expectedOutDir: string) => {
    const record = prestartUntouchedOutput(site.dir, expectedOutDir);
    expect(record?.outDir).toBe(path.join(site.dir, "public"));
    return takeUntouchedOutput(site.dir);
  };

  it("finds the output untouched where it was expected", async () => {
    expect((await check("public"))?.outDir).toBe(path.join(site.dir, "public"));
  });

  it("finds it untouched where the last build put it, when another folder was expected", async () => {
    mkdirSync(path.join(site.dir, "build"));
    writeFileSync(path.join(site.dir, "build/notes.txt"), "Not an output of this site.\n");
    expect((await check("build"))?.outDir).toBe(path.join(site.dir, "public"));
  });

  it("finds it touched once a file in it changed", async () => {
    appendFileSync(path.join(site.dir, "public/index.html"), "\n<!-- edited by hand -->\n");
    expect(await check("public")).toBeUndefined();
  });
});
