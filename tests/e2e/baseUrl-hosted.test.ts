import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveUnder } from "./baseUrlServer";
import { BUILD_DIR, ensureBuilt, sharedBrowser, closePages, serveDir } from "./support";

describe("the base-url banner on the real site (built for /)", () => {
  let browser: Browser;
  let hosted: Awaited<ReturnType<typeof serveUnder>>;
  let root: Awaited<ReturnType<typeof serveDir>>;

  beforeAll(async () => {
    ensureBuilt();
    hosted = await serveUnder(BUILD_DIR, "/hosted-under/");
    root = await serveDir();
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closePages(browser);
    await hosted?.close();
    await root?.close();
  });

  it("explains, when served from /hosted-under/, that baseUrl must be /hosted-under/", async () => {
    const page = await browser.newPage();
    for (const path of ["/hosted-under/pg-sql2/api/sql-raw", "/hosted-under/", "/hosted-under/tamedevil/"]) {
      await page.goto(`${hosted.origin}${path}`);
      const banner = page.locator("#base-url-issue-banner");
      await banner.waitFor({ timeout: 10_000 });
      await expect(banner.textContent(), path).resolves.toMatch(/configured baseUrl is "\/" but this page is served from .*Set baseUrl in site\.config\.ts to "\/hosted-under\/"/);
    }
    await page.close();
  });

  it("stays away when the site is served from its own base, also for case, slash and .html variants", async () => {
    const page = await browser.newPage();
    for (const path of ["/pg-sql2/api/sql-raw", "/", "/PG-SQL2/api/sql-raw/", "/pg-sql2/api/sql-raw/index.html", "/no-such-page"]) {
      await page.goto(`${root.origin}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(await page.locator("#base-url-issue-banner").count(), path).toBe(0);
    }
    await page.close();
  });
});
