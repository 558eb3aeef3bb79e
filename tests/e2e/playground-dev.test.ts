/**
 * Try it under `npm start`: the dev server serves the worker, the example's packages, PGlite and
 * its WebAssembly (as application/wasm) and the prepared database, and an example runs as in the build.
 */
import type { Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPlayground, runPlayground, trimLines } from "./playgroundPage";
import { devServerSuite, hydrated } from "./support";

describe("Try it on the dev server", () => {
  const suite = devServerSuite("playground-site");

  it("runs a query example against the schema and shows its output and rows, with the wasm served as application/wasm", async () => {
    const page = await suite.browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const wasm: Response[] = [];
    page.on("response", (response) => {
      // Not the module Vite makes of an `import … from "….wasm?url"` (its address, as JavaScript).
      const url = new URL(response.url());
      if (url.pathname.endsWith(".wasm") && !url.searchParams.has("import")) wasm.push(response);
    });
    await page.goto(`${suite.server.url}guide/first-query`);
    await hydrated(page);

    const playground = await openPlayground(page, "price_cents from");
    expect(await playground.locator(".cm-content").textContent()).toContain('sql.identifier("shop", "books")');
    // The first run waits for the dev server to make the database (PGlite in Node runs schema.sql) and to pre-bundle the packages.
    expect(await runPlayground(page, 150_000)).toMatch(/^Ran in/);
    const shown = await page.locator(".playground + .code-block--output code").textContent();
    expect(trimLines((await playground.getByLabel("Output", { exact: true }).textContent()) ?? "")).toBe(trimLines(shown ?? ""));
    // The rows come from the fixture's schema.sql, loaded into PGlite in the worker.
    expect(await playground.getByRole("table").locator("tbody").textContent()).toContain("Notes on the Engine");
    expect(wasm.length).toBeGreaterThan(0);
    for (const response of wasm) expect({ url: response.url(), type: (await response.allHeaders())["content-type"] }).toEqual({ url: response.url(), type: "application/wasm" });
    expect(problems).toEqual([]);
  }, 180_000);
});
