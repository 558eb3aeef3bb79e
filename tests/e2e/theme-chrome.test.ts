/** The landing page, the chrome around every page (skip link, announcement bar, navbar, footer), colour mode and the other screens, at 1280 px and 375 px. */
import { describe, expect, it } from "vitest";
import { COLOR_MODE_STORAGE_KEY } from "../../src/core/constants";
import { browserSuite, DESKTOP, MOBILE, SECTIONS, DOC, hydrated, markWindow, windowMarked } from "./support";

const site = browserSuite();

describe("the landing page", () => {
  it.each([
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ])("shows the title, a tagline and a card per library linking to its section (%s)", async (_name, viewport) => {
    const { page, logs } = await site.open("/", viewport);
    await expect(page.locator("main h1").textContent()).resolves.toBe("Graphile*");
    const tagline = (await page.locator(".home__tagline").textContent()) ?? "";
    expect(tagline.length).toBeGreaterThan(10);
    const cards = page.locator(".home__card");
    await expect(cards.count()).resolves.toBe(SECTIONS.length);
    for (let index = 0; index < SECTIONS.length; index++) {
      const card = cards.nth(index);
      await expect(card.locator("a").getAttribute("href")).resolves.toMatch(new RegExp(`^/${SECTIONS[index]}/?$`));
      expect(((await card.locator(".home__card-summary").textContent()) ?? "").length).toBeGreaterThan(10);
    }
    await markWindow(page);
    await cards.nth(3).click({ position: { x: 30, y: 100 } });
    await page.waitForURL(/\/pg-sql2\/?$/);
    await expect(page.locator("article h1").first().textContent()).resolves.toBe("pg-sql2");
    expect(await windowMarked(page)).toBe(true);
    expect(logs).toEqual([]);
  });
});

describe("chrome", () => {
  it("makes the skip link the first focusable element, and it moves focus to the main content", async () => {
    const { page } = await site.open(DOC);
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused.textContent()).resolves.toBe("Skip to main content");
    const box = await focused.boundingBox();
    expect(box && box.y >= 0 && box.height > 10).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main-content");
  });

  it("shows the announcement bar, which says the docs are a work in progress and cannot be closed", async () => {
    const { page } = await site.open(DOC, MOBILE);
    const bar = page.getByRole("region", { name: "Announcement" });
    await expect(bar.textContent()).resolves.toMatch(/work in progress/i);
    await expect(bar.locator("button").count()).resolves.toBe(0);
  });

  it("keeps the navbar at the top while scrolling, with doc items resolved to their sections and the external link on the right", async () => {
    const { page } = await site.open(DOC);
    const navbar = page.getByRole("navigation", { name: "Main" });
    const left = navbar.locator(".navbar__items--left a");
    await expect(left.allTextContents()).resolves.toEqual(SECTIONS);
    const hrefs = await left.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(SECTIONS.map((section) => `/${section}`));
    await expect(navbar.locator('.navbar__items--left a[aria-current="page"]').textContent()).resolves.toBe("pg-sql2");
    const github = navbar.locator(".navbar__items--right a");
    await expect(github.getAttribute("href")).resolves.toBe("https://github.com/graphile/crystal");
    await expect(github.getAttribute("target")).resolves.toBe("_blank");
    await expect(github.getAttribute("rel")).resolves.toContain("noopener");
    await page.evaluate(() => window.scrollTo(0, 2500));
    await page.waitForTimeout(50);
    const box = await navbar.boundingBox();
    expect(box?.y).toBe(0);
    await expect(navbar.isVisible()).resolves.toBe(true);
  });

  it("shows the search button in the navbar at both widths", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await site.open(DOC, viewport);
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" }).isVisible()).resolves.toBe(true);
    }
  });

  it("has a footer with the docs sections, community links, the source code, a logo and the copyright", async () => {
    const { page } = await site.open(DOC);
    const footer = page.locator("footer");
    const columns = footer.locator(".footer__column");
    await expect(columns.locator("h2").allTextContents()).resolves.toEqual(["Docs", "Community", "More"]);
    await expect(columns.nth(0).locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).resolves.toEqual(
      // Written "/pg-sql2/" in the config; rendered in canonical form (spec section 2: no trailing slash).
      SECTIONS.map((section) => `/${section}`),
    );
    expect(await columns.nth(1).locator("a").count()).toBeGreaterThan(1);
    await expect(columns.nth(2).getByRole("link", { name: /Source code/ }).getAttribute("href")).resolves.toMatch(/^https:\/\/github\.com\//);
    await expect(footer.locator("img.footer__logo").isVisible()).resolves.toBe(true);
    await expect(footer.locator(".footer__copyright").textContent()).resolves.toMatch(/^Copyright ©/);
  });

  it("fits a 320 px screen without sideways scrolling on every screen", async () => {
    const { page } = await site.newPage({ width: 320, height: 640 });
    for (const path of ["/", DOC, "/search", "/no/such/page", "/graphile-config/plugin/middleware"]) {
      await page.goto(site.origin + path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

describe("colour mode", () => {
  it("starts light, ignoring a dark system preference, and the toggle flips light and dark, stored under 'theme'", async () => {
    const { page } = await site.open(DOC, DESKTOP, { colorScheme: "dark" });
    const html = page.locator("html");
    await expect(html.getAttribute("data-theme")).resolves.toBe("light");
    const toggle = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ });
    await expect(toggle.getAttribute("aria-label")).resolves.toContain("currently light mode");
    await toggle.click();
    await expect(html.getAttribute("data-theme")).resolves.toBe("dark");
    await expect(toggle.getAttribute("aria-label")).resolves.toContain("currently dark mode");
    await expect(page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).resolves.toBe("dark");
    await toggle.click();
    await expect(html.getAttribute("data-theme")).resolves.toBe("light");
    await expect(page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).resolves.toBe("light");
  });

  it("applies the stored mode before any script of the app runs (no flash of the wrong mode)", async () => {
    const { page } = await site.newPage();
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // No module script at all: only the inline script in the head can set the mode.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(site.origin + DOC);
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
  });

  it("follows a change made in another tab", async () => {
    const { page, context } = await site.open(DOC);
    const other = await context.newPage();
    await other.goto(site.origin + "/");
    await hydrated(other);
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ }).click();
    await other.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await expect(other.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between/ }).getAttribute("aria-label")).resolves.toContain(
      "currently dark mode",
    );
  });
});


describe("other screens", () => {
  it("shows the not-found page with ways back in", async () => {
    const { page } = await site.newPage(MOBILE);
    const response = await page.goto(site.origin + "/no/such/page");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.locator("main h1").textContent()).resolves.toBe("Page not found");
    await expect(page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).resolves.toBe("/");
    await expect(page.getByRole("link", { name: "Search the documentation" }).getAttribute("href")).resolves.toBe("/search");
  });

  it("has the search page route", async () => {
    const { page, logs } = await site.open("/search?q=sql");
    await expect(page.locator("main h1").count()).resolves.toBe(1);
    expect(logs.filter((line) => line.startsWith("pageerror"))).toEqual([]);
  });
});
