import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSite } from "../../src/node/loadSite";
import { copyFixture } from "./support";

const sites: ReturnType<typeof copyFixture>[] = [];
afterEach(() => {
  for (const site of sites.splice(0)) site.remove();
});

/** The basic fixture plus a second docs section at /guide/extra. */
function twoSections() {
  const site = copyFixture("basic");
  sites.push(site);
  mkdirSync(path.join(site.dir, "docs/extra"));
  site.write("docs/extra/index.md", "# Extra\n");
  site.write(
    "site.config.ts",
    site.read("site.config.ts").replace('editUrl: "https://example.org/edit" }]', 'editUrl: "https://example.org/edit" }, { id: "extra", path: "docs/extra", routeBasePath: "/guide/extra", label: "Extra" }]'),
  );
  return site;
}

async function loadError(siteDir: string): Promise<string> {
  try {
    await loadSite(siteDir, { dev: false });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected loading the site to fail");
}

describe("routes claimed twice", () => {
  it("is an error naming both files when two sections produce one route", async () => {
    const site = twoSections();
    site.write("docs/guide/second.md", "---\nslug: /extra\n---\n# Second\n");
    const message = await loadError(site.dir);
    expect(message).toContain('duplicate route "/guide/extra"');
    expect(message).toContain(path.join(site.dir, "docs/guide/second.md"));
    expect(message).toContain(path.join(site.dir, "docs/extra/index.md"));
  });

  it("refuses a slug that climbs into another section, with file and line", async () => {
    const site = twoSections();
    site.write("docs/extra/index.md", "---\ntitle: Extra\nslug: /../second\n---\n# Extra\n");
    expect(await loadError(site.dir)).toBe(`${path.join(site.dir, "docs/extra/index.md")}:3: front matter "slug" cannot contain "." or ".." segments: a slug stays inside its docs section (got "/../second")`);
  });
});
