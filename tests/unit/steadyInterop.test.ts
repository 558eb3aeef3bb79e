import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown, type Plugin as RolldownPlugin } from "rolldown";
import { afterAll, describe, expect, it } from "vitest";
import { steadyInteropPlugin } from "../../src/node/bundle/steadyInterop";

/**
 * A chunk holding an ES module of a `"type": "module"` package (a theme component) and a Markdown
 * page, both importing one CommonJS package: its bytes must not depend on which of the two the
 * bundler resolved first. Each build here slows one of the two resolutions down to force an order.
 */
describe("CommonJS interop in a chunk with both kinds of importer", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "graphile-docs-interop-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
  write("package.json", '{ "type": "module" }\n');
  write("Badge.js", 'import counter from "./counter.cjs";\nexport const badge = () => `🗃️ badge ${counter.count}`;\n');
  write("intro.md", "# Intro\n");
  write("page.js", 'export { badge } from "./Badge.js";\nexport { intro } from "./intro.md";\n');
  // The app's entry holds the package, so the page's chunk imports it from there (as React comes from main-*.js).
  write("app.js", 'import counter from "./counter.cjs";\nexport const total = () => counter.count;\nexport const page = () => import("./page.js");\n');
  write("plain.cjs", "module.exports = { count: 3 };\n");
  write("marked.cjs", 'const api = { default: { count: 4 }, count: 5 };\nObject.defineProperty(api, "__esModule", { value: true });\nmodule.exports = api;\n');

  /** Markdown compiled to a module that reads the same package; `slow` is resolved 50 ms late. */
  const pageModules = (slow: string, counter: string): RolldownPlugin => ({
    name: "pages",
    async resolveId(source) {
      if (source === "./counter.cjs") return path.join(dir, counter);
      if (!source.endsWith(slow)) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return path.join(dir, source);
    },
    load(id) {
      if (id.endsWith(".md")) return { code: 'import counter from "./counter.cjs";\nexport const intro = () => `intro ${counter.count}`;\n', moduleType: "js" };
      return undefined;
    },
  });

  let builds = 0;
  /** The chunks' code, and the page's exports as the output runs them. */
  async function bundle(entry: "page.js" | "app.js", counter: string, slow: string, steady: boolean) {
    const outDir = path.join(dir, `out-${++builds}`);
    const build = await rolldown({ input: path.join(dir, entry), cwd: dir, logLevel: "silent", plugins: [pageModules(slow, counter), ...(steady ? [steadyInteropPlugin() as RolldownPlugin] : [])] });
    const { output } = await build.write({ dir: outDir, format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name].js" });
    await build.close();
    const code = output.map((chunk) => (chunk.type === "chunk" ? `${chunk.fileName}\n${chunk.code}` : "")).join("\n");
    const loaded = (await import(pathToFileURL(path.join(outDir, entry)).href)) as { badge?: () => string; page?: () => Promise<{ badge(): string; intro(): string }> };
    const page = loaded.page ? await loaded.page() : (loaded as { badge(): string; intro(): string });
    return { code, says: [page.badge(), page.intro()] };
  }

  for (const entry of ["page.js", "app.js"] as const) {
    it(`writes the same chunks whichever importer was found first, and the package still works (${entry === "app.js" ? "package in the entry's chunk" : "package inside the page's chunk"})`, async () => {
      // Without the plugin the two orders give two outputs (Rolldown's first importer decides).
      expect((await bundle(entry, "plain.cjs", "Badge.js", false)).code).not.toBe((await bundle(entry, "plain.cjs", "intro.md", false)).code);
      const badgeLast = await bundle(entry, "plain.cjs", "Badge.js", true);
      expect((await bundle(entry, "plain.cjs", "intro.md", true)).code).toBe(badgeLast.code);
      expect(badgeLast.says).toEqual(["🗃️ badge 3", "intro 3"]);
    });
  }

  it("leaves Rolldown's choice alone when a module marks itself __esModule, where the two modes differ", async () => {
    for (const slow of ["Badge.js", "intro.md"]) {
      const steady = await bundle("app.js", "marked.cjs", slow, true);
      const asRolldownWrites = await bundle("app.js", "marked.cjs", slow, false);
      expect(steady.code).toBe(asRolldownWrites.code);
      expect(steady.says).toEqual(asRolldownWrites.says);
    }
    // The two orders do differ here: Node's mode reads the object itself, the other its `default`.
    expect((await bundle("app.js", "marked.cjs", "Badge.js", false)).says).not.toEqual((await bundle("app.js", "marked.cjs", "intro.md", false)).says);
  });
});
