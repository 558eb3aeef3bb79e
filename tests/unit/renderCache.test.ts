import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RenderCache, type RenderCacheInputs } from "../../src/node/build/renderCache";
import { tempFolders } from "./helpers/tempFolders";

const siteFolder = tempFolders("render-cache");

/** A site whose pages' renders read nothing but what every page shares, with last build's HTML in place. */
function site() {
  const siteDir = siteFolder();
  const ssrDir = path.join(siteDir, ".ssr");
  mkdirSync(ssrDir, { recursive: true });
  const html = (route: string) => {
    const file = path.join(siteDir, "build", route, "index.html");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `<h1>${route}</h1>`);
    return file;
  };
  const inputs: RenderCacheInputs = { siteDir, ssrDir, shared: { title: "Orders" }, indexes: [], files: new Map(), serverFileOf: () => undefined, pageAssetsOf: () => [] };
  const stored = () => {
    const root = path.join(siteDir, "node_modules/.cache/graphile-docs/render");
    const file = readdirSync(root, { recursive: true })
      .map(String)
      .find((name) => name.endsWith("last-render.json"))!;
    return path.join(root, file);
  };
  return { inputs, html, stored };
}

const nothingRead = { indexes: [], files: [], pages: [] };
const chrome = ["/docs/intro", "/docs/install", "/blog"];

describe("what the last render of each page read and linked to", () => {
  it("gives a kept page the links its render collected, with the chrome's links kept once in the record", () => {
    const { inputs, html, stored } = site();
    const first = new RenderCache(inputs);
    first.remember("/docs/intro", { status: 200, links: [...chrome, "/docs/install#steps"], dependencies: nothingRead });
    first.remember("/docs/install", { status: 200, links: [...chrome, "/docs/intro", "/docs/intro"], dependencies: nothingRead });
    first.save();

    const record = JSON.parse(readFileSync(stored(), "utf8")) as { links: string[] };
    expect(record.links).toEqual([...chrome, "/docs/install#steps"]);

    const next = new RenderCache(inputs);
    expect(next.kept("/docs/intro", html("docs/intro"))?.links).toEqual([...chrome, "/docs/install#steps"]);
    expect(next.kept("/docs/install", html("docs/install"))?.links).toEqual([...chrome, "/docs/intro", "/docs/intro"]);
    expect(next.kept("/blog", html("blog"))).toBeUndefined();
  });

  it("renders again when the record is not one it can read: cut short, or a link number with no link", () => {
    const { inputs, html, stored } = site();
    const first = new RenderCache(inputs);
    first.remember("/docs/intro", { status: 200, links: chrome, dependencies: nothingRead });
    first.save();
    const record = JSON.parse(readFileSync(stored(), "utf8")) as { links: string[]; pages: Record<string, { links: number[] }> };
    record.pages["/docs/intro"].links.push(record.links.length);
    writeFileSync(stored(), JSON.stringify(record));
    expect(new RenderCache(inputs).kept("/docs/intro", html("docs/intro"))).toBeUndefined();
    writeFileSync(stored(), JSON.stringify(record).slice(0, 40));
    expect(new RenderCache(inputs).kept("/docs/intro", html("docs/intro"))).toBeUndefined();
  });
});
