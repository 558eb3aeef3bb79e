import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { prestartUntouchedOutput, takeLastOutput, withListing } from "../../src/node/build/outputCache";
import { listOutput, listOutputWithDigest } from "../../src/node/build/outputListing";
import { copyFixture } from "./support";

/** scripts/build.ts lists the folder the last output most likely is in before it reads that build's record. */
describe("the check of the last output started before the build", () => {
  const site = copyFixture("basic");
  beforeAll(() => buildSite({ siteDir: site.dir, outDir: "public" }));
  afterAll(() => site.remove());

  const check = async (expectedOutDir: string) => {
    const record = prestartUntouchedOutput(site.dir, expectedOutDir);
    expect(record?.outDir).toBe(path.join(site.dir, "public"));
    return takeLastOutput(site.dir).untouched;
  };

  it("finds the output untouched where it was expected", async () => {
    expect((await check("public"))?.outDir).toBe(path.join(site.dir, "public"));
  });

  it("finds it untouched where the last build put it, when another folder was expected", async () => {
    mkdirSync(path.join(site.dir, "build"));
    writeFileSync(path.join(site.dir, "build/notes.txt"), "Not an output of this site.\n");
    expect((await check("build"))?.outDir).toBe(path.join(site.dir, "public"));
  });

  it("gives the last build's record at once, before the listing says whether its output is untouched", async () => {
    const record = prestartUntouchedOutput(site.dir, "public");
    const last = takeLastOutput(site.dir);
    // A build whose inputs differ from the record's goes on with this alone.
    expect(last.record).toBe(record);
    expect(await last.untouched).toEqual(record);
    // Without a prestart, the record is read here.
    expect(takeLastOutput(site.dir).record).toEqual(record);
  });

  /** The digest of find's listing kept for the last check that found the output untouched. */
  const keptDigestFile = () => {
    const store = path.join(site.dir, "node_modules/.cache/graphile-docs/output");
    const [generation] = readdirSync(store);
    return path.join(store, generation, "la", "last-build-listing-digest.json");
  };

  it("keeps the digest of find's listing of an output it found untouched, for that build's record only", async () => {
    const record = prestartUntouchedOutput(site.dir, "public");
    expect(await takeLastOutput(site.dir).untouched).toEqual(record);
    const kept = JSON.parse(readFileSync(keptDigestFile(), "utf8")) as { outDir: string; finishedAt: number; digest: string };
    expect(kept).toMatchObject({ outDir: path.join(site.dir, "public"), finishedAt: record!.finishedAt });
    expect(await check("public")).toEqual(record);
    // Kept for another build, it is taken again for this one once the lines show the output untouched.
    writeFileSync(keptDigestFile(), JSON.stringify({ ...kept, finishedAt: kept.finishedAt - 1 }));
    expect(await check("public")).toEqual(record);
    expect(JSON.parse(readFileSync(keptDigestFile(), "utf8"))).toEqual(kept);
    // A digest that names another build cannot vouch for this output, even when find prints what it was taken of.
    appendFileSync(path.join(site.dir, "public/index.html"), "\n");
    const touched = await listOutputWithDigest(path.join(site.dir, "public"));
    writeFileSync(keptDigestFile(), JSON.stringify({ ...kept, finishedAt: kept.finishedAt - 1, digest: touched.digest }));
    expect(await check("public")).toBeUndefined();
  });

  it("finds a file changed after find's digest of the output was kept for this very build, and leaves no scratch file", async () => {
    await buildSite({ siteDir: site.dir, outDir: "public" });
    const record = await check("public");
    expect(record).toBeDefined();
    // The digest is now this build's: the next check only hashes what find prints.
    expect(JSON.parse(readFileSync(keptDigestFile(), "utf8")).finishedAt).toBe(record!.finishedAt);
    expect(await check("public")).toEqual(record);
    appendFileSync(path.join(site.dir, "public/404.html"), "\n<!-- edited by hand -->\n");
    expect(await check("public")).toBeUndefined();
    expect(readdirSync(path.join(site.dir, "node_modules/.cache/graphile-docs/listing"))).toEqual([]);
  });

  it("gives the record's listing only while no other build stored its own record", async () => {
    await buildSite({ siteDir: site.dir, outDir: "public" });
    // Found untouched through the lines (which keeps find's digest), then through the digest alone.
    const viaLines = await check("public");
    expect(withListing(viaLines)?.listing).toEqual(listOutput(path.join(site.dir, "public")));
    const viaDigest = await check("public");
    expect(viaDigest?.finishedAt).toBe(viaLines?.finishedAt);
    // Another build stores its record before this one reads the listing: the two would not belong together.
    appendFileSync(path.join(site.dir, "public/index.html"), "\n");
    await buildSite({ siteDir: site.dir, outDir: "public" });
    expect(withListing(viaDigest)).toBeUndefined();
  });

  it("finds it touched once a file in it changed", async () => {
    appendFileSync(path.join(site.dir, "public/index.html"), "\n<!-- edited by hand -->\n");
    expect(await check("public")).toBeUndefined();
  });
});
