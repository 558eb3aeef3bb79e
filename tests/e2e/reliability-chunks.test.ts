/**
 * Item 9 of the reliability issue: a page chunk that failed to load once. The fault is a chunk
 * cut short in transit (it arrives with status 200 but half its text, as from a dropped connection
 * or a deployment caught half-written): the browser then keeps the broken module under that URL
 * for the page's lifetime, so a retry that asks for the same URL fails again.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, MOBILE, DESKTOP, TARGET, TARGET_CHUNK, hydrated } from "./support";

const site = browserSuite();

/** Answers the first request for the target's chunk with half of it, and later ones normally. */
async function breakChunkOnce(page: Page): Promise<{ requests(): number }> {
  let requests = 0;
  await page.route(TARGET_CHUNK, async (route: Route) => {
    requests += 1;
    if (requests > 1) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ status: 200, contentType: "text/javascript", body: body.slice(0, Math.floor(body.length / 2)) });
  });
  return { requests: () => requests };
}

describe("a page chunk that fails once", () => {
  it("on a direct load keeps the server-rendered article, says so quietly, and Retry brings the page to life", async () => {
    const { page } = await site.newPage(DESKTOP);
    const chunk = await breakChunkOnce(page);
    await page.goto(site.origin + TARGET);
    const notice = page.locator(".load-notice");
    await notice.waitFor({ state: "visible" });
    await expect(notice.getAttribute("role")).resolves.toBe("status");
    // The article is still the one the server rendered, readable in full.
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/development mode/i);
    expect(await page.locator("article p").count()).toBeGreaterThan(3);
    await expect(page.getByText("This page could not be loaded").count()).resolves.toBe(0);
    await notice.getByRole("button", { name: "Retry" }).click();
    await hydrated(page);
    await notice.waitFor({ state: "detached" });
    expect(chunk.requests()).toBe(2);
    // Hydrated: the navbar's colour mode toggle works again.
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
  });

  it("shows the error screen where there is no article to keep, and Retry loads the page once the network is back", async () => {
    const { page } = await site.newPage(MOBILE);
    const chunk = await breakChunkOnce(page);
    // A static host answers this spelling with 404.html: nothing of the page itself is in the HTML.
    await page.goto(site.origin + TARGET.toUpperCase());
    await hydrated(page);
    const alert = page.getByRole("alert");
    await expect(alert.locator("h1").textContent()).resolves.toBe("This page could not be loaded");
    await alert.getByRole("button", { name: "Retry" }).click();
    await page.locator("article h1").first().waitFor({ state: "visible" });
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/development mode/i);
    expect(chunk.requests()).toBe(2);
  });
});
