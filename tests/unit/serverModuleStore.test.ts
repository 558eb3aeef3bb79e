import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ServerModuleStore } from "../../src/node/build/serverModuleStore";

describe("the pages' server modules", () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), "server-modules-"));
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));
  const store = path.join(siteDir, "node_modules/.cache/graphile-docs");

  function build(number: number, pages: Record<string, string>, rendered: string[]) {
    const ssrDir = path.join(siteDir, `.cache/ssr-1-${number}/pages`);
    mkdirSync(ssrDir, { recursive: true });
    const hashes = new Map<string, string>();
    const modules = new ServerModuleStore(siteDir, hashes);
    for (const [name, code] of Object.entries(pages)) modules.place(path.join(ssrDir, `${name}.mjs`), code);
    modules.prune();
    modules.link(rendered.map((name) => path.join(ssrDir, `${name}.mjs`)));
    return { ssrDir, hashes };
  }

  it("are linked into the server folder only for the pages that render", () => {
    const { ssrDir, hashes } = build(1, { intro: "export default 'intro';", setup: "export default 'setup';", faq: "export default 'faq';" }, ["setup"]);
    expect(readdirSync(ssrDir)).toEqual(["setup.mjs"]);
    expect(readFileSync(path.join(ssrDir, "setup.mjs"), "utf8")).toBe("export default 'setup';");
    // Every page's hash is known, rendered or not: the render cache compares them without reading.
    expect(hashes.get(path.join(ssrDir, "faq.mjs"))).toBe(createHash("sha256").update("export default 'faq';").digest("hex"));
    expect(hashes.size).toBe(3);
  });

  it("are links to the store's copy, and the store keeps only the last build's modules", () => {
    const { ssrDir } = build(2, { setup: "export default 'setup';", install: "export default 'install';" }, ["setup", "install"]);
    const stored = readdirSync(path.join(store, readdirSync(store)[0]));
    expect(stored).toHaveLength(2);
    expect(statSync(path.join(ssrDir, "install.mjs")).nlink).toBe(2);
    expect(existsSync(path.join(ssrDir, "intro.mjs"))).toBe(false);
  });
});
