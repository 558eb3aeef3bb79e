import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, openPage } from "./support";

/** The address as the reader sees it: path, query and hash. */
const address = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

describe("the address rules of spec section 2", () => {
  const site = browserSuite();

  // Case and .html variants get 404.html from the server: the client must render the real page
  // afresh (not hydrate the not-found HTML), with no hydration error.
  for (const [typed, expected] of [
    ["/pg-sql2/api/sql-join/", "/pg-sql2/api/sql-join"],
    ["/pg-sql2/api/sql-join/index.html", "/pg-sql2/api/sql-join"],
    ["/pg-sql2/api/sql-join.html", "/pg-sql2/api/sql-join"],
    ["/PG-SQL2/API/SQL-JOIN", "/pg-sql2/api/sql-join"],
    ["/Pg-Sql2/Api/Sql-Join/?from=test#examples", "/pg-sql2/api/sql-join?from=test#examples"],
  ]) {
    it(`loads ${typed} as ${expected}, with no extra history entry and no hydration error`, async () => {
      const { page, consoleErrors } = await openPage(site.browser, `${site.origin}${typed}`);
      await page.waitForFunction((want) => `${location.pathname}${location.search}${location.hash}` === want, expected);
      expect(address(page)).toBe(expected);
      await expect(page.locator("article h1").first().textContent()).resolves.toBe("sql.join");
      await expect(page.title()).resolves.toMatch(/^sql\.join \|/);
      // about:blank plus this page: normalising replaced the entry instead of pushing one.
      expect(await page.evaluate(() => history.length)).toBe(2);
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
      await page.context().close();
    });
  }

  it("renders links in canonical form (no trailing slash, no .html)", async () => {
    const { page } = await openPage(site.browser, `${site.origin}/pg-sql2/api/sql-raw`);
    const hrefs = await page.$$eval("a[href^='/']", (links) => links.map((link) => link.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(20);
    for (const href of hrefs) {
      const path = href.split(/[?#]/)[0];
      expect(path, href).not.toMatch(/.\/$|\.html$/);
    }
    await page.context().close();
  });

  it("normalises after a client-side navigation too, without a history entry for the bad spelling", async () => {
    const { page } = await openPage(site.browser, `${site.origin}/pg-sql2/api/sql-raw`);
    const before = await page.evaluate(() => history.length);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator(".doc-sidebar a[href='/pg-sql2/api/sql-value']").click();
    await page.waitForFunction(() => location.pathname === "/pg-sql2/api/sql-value");
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // An address in another spelling arriving through the router (as back/forward would bring it).
    await page.evaluate(() => {
      history.pushState(null, "", "/PG-SQL2/API/SQL-JOIN/?x=1#examples");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForFunction(() => location.pathname === "/pg-sql2/api/sql-join");
    expect(address(page)).toBe("/pg-sql2/api/sql-join?x=1#examples");
    // The pushed entry was rewritten in place, not followed by another one.
    expect(await page.evaluate(() => history.length)).toBe(before + 2);
    await expect(page.locator("article h1").first().textContent()).resolves.toBe("sql.join");
    await page.context().close();
  });

  it("restores the scroll position on Back and scrolls to the top on a new page", async () => {
    const { page } = await openPage(site.browser, `${site.origin}/pg-introspection/accessors`);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    await page.locator(".doc-sidebar a[href='/pg-introspection/naming']").click();
    await page.waitForFunction(() => location.pathname === "/pg-introspection/naming");
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/pg-introspection/accessors");
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2, undefined, { timeout: 5000 });
    await page.context().close();
  });
});
