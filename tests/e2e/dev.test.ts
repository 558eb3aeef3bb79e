import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { copyFixture } from "../build/support";
import { sharedBrowser, closePages, hydrated } from "./support";

describe("the dev server in Chromium", () => {
  const site = copyFixture("basic");
  let server: DevServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startDevServer({ siteDir: site.dir, port: 0, host: "127.0.0.1", log: () => undefined });
    browser = await sharedBrowser();
    page = await browser.newPage();
    await page.goto(`${server.url}guide/second`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __sameWindow: boolean }).__sameWindow = true));
  });
  afterAll(async () => {
    await closePages(browser);
    await server?.close();
    site.remove();
  });

  const sameWindow = () => page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow === true);

  it("shows a Markdown edit in the open page without a full reload", async () => {
    const started = Date.now();
    site.write("docs/guide/second.md", "---\nsidebar_position: 2\n---\n\n# Second page\n\n## Details {#details}\n\nHot edited paragraph.\n");
    await page.waitForSelector("text=Hot edited paragraph.", { timeout: 10_000 });
    console.log(`edit visible after ${Date.now() - started} ms (includes the file watcher's delay)`);
    expect(await sameWindow()).toBe(true);
  });

  it("adds a new page to the open page's sidebar", async () => {
    site.write("docs/guide/fresh.md", "---\ntitle: Freshly added\n---\n\nHello.\n");
    await page.waitForSelector('.doc-sidebar a[href="/guide/fresh"]', { timeout: 10_000 });
    expect(await sameWindow()).toBe(true);
  });

  it("drops a deleted page from the sidebar", async () => {
    const { unlinkSync } = await import("node:fs");
    unlinkSync(`${site.dir}/docs/guide/fresh.md`);
    await page.waitForSelector('.doc-sidebar a[href="/guide/fresh"]', { state: "detached", timeout: 10_000 });
  });

  it("shows a syntax error in an overlay naming file:line:column, then recovers", async () => {
    site.write("docs/guide/second.md", "# Second page\n\nBroken {here\n");
    const overlay = page.locator("vite-error-overlay");
    await overlay.waitFor({ timeout: 10_000 });
    await expect(overlay.evaluate((element) => element.shadowRoot?.textContent ?? "")).resolves.toMatch(/second\.md:3:\d+/);
    site.write("docs/guide/second.md", "# Second page\n\nRepaired text.\n");
    await page.waitForSelector("text=Repaired text.", { timeout: 10_000 });
  });
});
