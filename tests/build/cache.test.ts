import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "./support";

function readTree(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [path.relative(dir, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name))]));
}

describe("the persistent compile cache", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const cache = path.join(site.dir, "node_modules/.cache/graphile-docs/mdx");

  it("makes a rebuild whose output is byte-identical to a cold build", async () => {
    await buildSite({ siteDir: site.dir });
    expect(existsSync(cache)).toBe(true);
    const cold = readTree(path.join(site.dir, "build"));
    await buildSite({ siteDir: site.dir, outDir: "build-warm" });
    const warm = readTree(path.join(site.dir, "build-warm"));
    expect([...warm.keys()].sort()).toEqual([...cold.keys()].sort());
    for (const [file, contents] of cold) expect(warm.get(file)?.equals(contents), file).toBe(true);
  });

  it("recompiles a page whose source changed, and only shows the new text", async () => {
    const page = "docs/guide/markdown.md";
    site.write(page, `${site.read(page)}\nA sentence added after the first build.\n`);
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(path.join(site.dir, "build/guide/markdown/index.html"), "utf8")).toContain("A sentence added after the first build.");
  });

  it("treats a corrupt cache entry as a miss", async () => {
    for (const entry of readdirSync(cache, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) writeFileSync(path.join(entry.parentPath, entry.name), '{"code": "not a module');
    }
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(path.join(site.dir, "build/guide/markdown/index.html"), "utf8")).toContain("A sentence added after the first build.");
  });
});
