import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { standaloneSources } from "../../src/node/build/standalonePages";
import type { PageSource } from "../../src/node/pageSource";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const sha1 = (_file: string, source: PageSource) => (typeof source === "string" ? createHash("sha1").update(source).digest("hex") : source.digest);

const plainGuide = "# Installing\n\nRun `npm install pg-sql2` and read [the API](./api.md).\n";
const guideWithChart = 'import Chart from "./Chart";\n\n# Installing\n\n<Chart />\n';
const guideWithImage = "# Diagrams\n\n![How a query flows](./flow.png)\n";

describe("which pages are written without the bundler", () => {
  it("remembers each text's verdict between builds and follows a page whose text changed", () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), "standalone-"));
    folders.push(siteDir);
    const pages = new Map([
      ["docs/install.md", plainGuide],
      ["docs/chart.mdx", guideWithChart],
      ["docs/diagrams.md", guideWithImage],
    ]);
    expect(standaloneSources(siteDir, pages, sha1)).toEqual(["docs/install.md"]);
    // The next build: the chart page lost its import, the plain guide gained an image beside it.
    pages.set("docs/chart.mdx", "# Installing\n\nA chart will go here.\n");
    pages.set("docs/install.md", `${plainGuide}\n![The installer](./installer.png)\n`);
    expect(standaloneSources(siteDir, pages, sha1)).toEqual(["docs/chart.mdx"]);
    // And back: the stored verdicts of the first texts answer, without a wrong one left over.
    pages.set("docs/chart.mdx", guideWithChart);
    pages.set("docs/install.md", plainGuide);
    expect(standaloneSources(siteDir, pages, sha1)).toEqual(["docs/install.md"]);
  });

  it("takes a stored verdict without looking at the text again", () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), "standalone-"));
    folders.push(siteDir);
    const asked: string[] = [];
    const counting = (file: string, text: PageSource) => {
      asked.push(file);
      return sha1(file, text);
    };
    standaloneSources(siteDir, new Map([["docs/install.md", plainGuide]]), counting);
    // Same hash, other text: only a stored verdict can call it standalone.
    const sameHash = () => sha1("docs/install.md", plainGuide);
    expect(standaloneSources(siteDir, new Map([["docs/install.md", guideWithChart]]), sameHash)).toEqual(["docs/install.md"]);
    expect(asked).toEqual(["docs/install.md"]);
  });

  it("reads an unread source's text only when its hash has no stored verdict", () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), "standalone-"));
    folders.push(siteDir);
    const read: string[] = [];
    const unread = (file: string, text: string): PageSource => ({ digest: sha1(file, text), markdownNames: () => [], text: () => (read.push(file), text) });
    expect(standaloneSources(siteDir, new Map([["docs/install.md", unread("docs/install.md", plainGuide)]]), sha1)).toEqual(["docs/install.md"]);
    expect(read).toEqual(["docs/install.md"]);
    const next = new Map([
      ["docs/install.md", unread("docs/install.md", plainGuide)],
      ["docs/chart.mdx", unread("docs/chart.mdx", guideWithChart)],
    ]);
    expect(standaloneSources(siteDir, next, sha1)).toEqual(["docs/install.md"]);
    expect(read).toEqual(["docs/install.md", "docs/chart.mdx"]);
  });
});
