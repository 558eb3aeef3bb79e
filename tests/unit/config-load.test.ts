import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../src/node/config/load";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A site folder under the working directory, as a real site is: error locations must not come out relative to it twice. */
function siteWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(import.meta.dirname, "../fixtures/.tmp-config-"));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe("loading site.config.ts", () => {
  it("reads a TypeScript config and the TypeScript files it imports, and leaves no bundled copy behind", async () => {
    const dir = siteWith({
      "site.config.ts": 'import { sections } from "./config/sections";\nconst title: string = "Typed";\nexport default { title, url: "https://example.org", docs: sections };\n',
      "config/sections.ts": 'export const sections = [{ id: "default", path: "docs", routeBasePath: "/docs", label: "Docs" as const }];\n',
    });
    const config = await loadSiteConfig(dir);
    expect(config.title).toBe("Typed");
    expect(config.docs.map((docs) => docs.label)).toEqual(["Docs"]);
    expect(readdirSync(path.join(dir, "node_modules/.cache/graphile-docs/config"))).toEqual([]);
  });

  it("loads a config again after a file it imports changed, though the config's own text did not", async () => {
    const sections = (label: string) => `export const sections = [{ id: "default", path: "docs", routeBasePath: "/docs", label: "${label}" }];\n`;
    const dir = siteWith({
      "site.config.ts": 'import { sections } from "./config/sections";\nexport default { title: "Shop", url: "https://example.org", docs: sections };\n',
      "config/sections.ts": sections("Guides"),
    });
    expect((await loadSiteConfig(dir)).docs.map((docs) => docs.label)).toEqual(["Guides"]);
    expect((await loadSiteConfig(dir)).docs.map((docs) => docs.label)).toEqual(["Guides"]);
    writeFileSync(path.join(dir, "config/sections.ts"), sections("Handbook"));
    expect((await loadSiteConfig(dir)).docs.map((docs) => docs.label)).toEqual(["Handbook"]);
    rmSync(path.join(dir, "config/sections.ts"));
    await expect(loadSiteConfig(dir)).rejects.toThrow(/could not be loaded/);
  });

  it("names the file, line and column of a syntax error", async () => {
    const dir = siteWith({ "site.config.ts": 'export default {\n  title: "T",\n  url: = "https://example.org",\n};\n' });
    await expect(loadSiteConfig(dir)).rejects.toThrow(`${path.join(dir, "site.config.ts")}:3:8: could not be loaded: Unexpected "="`);
  });
});
