import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violationsInBothModes } from "./axe";
import { DESKTOP, MOBILE, builtFixtureSuite, hydrated, openPage } from "./support";

/** The blog-site fixture, built once for this file and served like a static host. */
const site = builtFixtureSuite("blog-site");

/** A flag on window survives client-side navigation and is gone after a full page load. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed === true);

describe("reading the blog", () => {
  it("goes from the list to a post, its tag, its author and the archive without reloading", async () => {
    const { page, consoleErrors } = await openPage(site.browser, `${site.origin}/blog`);
    await markWindow(page);
    await page.getByRole("heading", { level: 2, name: "Lantern 1.0 is out" }).getByRole("link").click();
    await page.waitForURL(/\/blog\/2024\/05\/01\/lantern-1-0$/);
    await expect(page.locator("main h1").textContent()).resolves.toBe("Lantern 1.0 is out");
    await expect(page.getByRole("heading", { name: "What changed" }).isVisible()).resolves.toBe(true);

    await page.locator(".blog-post__footer").getByRole("link", { name: "Release" }).click();
    await page.waitForURL(/\/blog\/tags\/release$/);
    await expect(page.locator("main h1").textContent()).resolves.toBe('1 post tagged with "Release"');

    await page.locator(".blog-list__item").first().getByRole("link", { name: "Ada Moreno", exact: true }).click();
    await page.waitForURL(/\/blog\/authors\/ada$/);
    await expect(page.locator(".blog-list__item h2").allTextContents()).resolves.toEqual(["Lantern 1.0 is out", "The road to 1.0"]);

    await page.getByRole("link", { name: "All posts by year" }).click();
    await page.waitForURL(/\/blog\/archive$/);
    await expect(page.locator("main h2").allTextContents()).resolves.toEqual(["2024", "2023"]);
    expect(await windowMarked(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it("pages through the list with older and newer entries", async () => {
    const { page, consoleErrors } = await openPage(site.browser, `${site.origin}/blog`, MOBILE);
    await expect(page.locator(".blog-list__item")).toBeDefined();
    await expect(page.locator(".blog-list__item").count()).resolves.toBe(2);
    await page.getByRole("link", { name: "Older entries" }).click();
    await page.waitForURL(/\/blog\/page\/2$/);
    await expect(page.locator(".blog-list__item h2").allTextContents()).resolves.toEqual(["Your first job in five minutes", "Welcome to the Lantern blog"]);
    await expect(page.getByRole("link", { name: "Older entries" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Newer entries" }).click();
    await page.waitForURL(/\/blog$/);
    await expect(page.locator(".blog-list__item h2").first().textContent()).resolves.toBe("Lantern 1.0 is out");
    expect(consoleErrors).toEqual([]);
  });

  it("follows a docs link from a page into the blog", async () => {
    const { page, consoleErrors } = await openPage(site.browser, `${site.origin}/docs`);
    await page.getByRole("link", { name: "1.0 release notes" }).click();
    await page.waitForURL(/\/blog\/2024\/05\/01\/lantern-1-0$/);
    await page.getByRole("link", { name: "installing" }).click();
    await page.waitForURL(/\/docs#installing$/);
    expect(consoleErrors).toEqual([]);
  });
});

// ---------------------------------------------------------------- accessibility (axe-core)

const SCREENS = [
  ["blog list", "/blog"],
  ["blog list page 2", "/blog/page/2"],
  ["post", "/blog/2024/05/01/lantern-1-0"],
  ["unlisted post", "/blog/2024/06/01/sneak-peek"],
  ["tags", "/blog/tags"],
  ["tag", "/blog/tags/release"],
  ["archive", "/blog/archive"],
  ["authors", "/blog/authors"],
  ["author", "/blog/authors/ada"],
  ["Markdown page", "/about"],
  ["MDX page", "/support"],
  ["JSX page", "/team"],
  ["TSX home page", "/"],
] as const;

describe.each([
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
])("axe finds no violations on the blog and pages at %s", (_width, viewport) => {
  it("in light and dark mode", async () => {
    const context = await site.browser.newContext({ viewport, reducedMotion: "reduce" });
    // Light to start with; after that each page keeps the mode the last one was left in.
    await context.addInitScript(() => {
      if (localStorage.getItem("theme") === null) localStorage.setItem("theme", "light");
    });
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      for (const [name, route] of SCREENS) {
        await page.goto(site.origin + route, { waitUntil: "domcontentloaded" });
        await hydrated(page);
        // Each page opens in the mode the last one was left in.
        expect(await page.locator("html").getAttribute("data-theme")).toBe(await page.evaluate(() => localStorage.getItem("theme")));
        problems.push(...(await violationsInBothModes(page)).map((problem) => `${name}: ${problem}`));
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
    // Thirteen pages, each loaded, hydrated and judged twice: more than the default minute on a shared machine.
  }, 240_000);
});
