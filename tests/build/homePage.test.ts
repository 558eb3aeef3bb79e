import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "./support";

describe("the built-in home page", () => {
  const site = copyFixture("basic");
  afterAll(() => site.remove());

  it("links each docs section to its main doc, so a section with no page at its base path still builds", async () => {
    // No doc at /guide any more: the section starts at its first doc.
    rmSync(path.join(site.dir, "docs/guide/index.md"));
    site.write("site.config.ts", site.read("site.config.ts").replace('items: [{ type: "doc", docId: "index", label: "Guide" }]', "items: []").replace('href: "/guide/"', 'href: "/guide/second"'));
    await buildSite({ siteDir: site.dir });
    const home = site.read("build/index.html");
    const links = [...home.matchAll(/<a [^>]*class="default-home__section"[^>]*>/g)].map((match) => /href="([^"]*)"/.exec(match[0])?.[1]);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^\/guide\/[a-z/-]+$/);
  });
});
