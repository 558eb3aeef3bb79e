/** Item 12 of the reliability issue: with JavaScript off at 390 px, the page's toggles still work. */
import { describe, expect, it } from "vitest";
import { browserSuite, DOC } from "./support";

const site = browserSuite();
const PHONE = { width: 390, height: 844 };

async function openWithoutJs(pathname: string) {
  const opened = await site.newPage(PHONE, { javaScriptEnabled: false });
  await opened.page.goto(site.origin + pathname);
  return opened;
}

describe("without JavaScript at 390 px", () => {
  it("expands 'On this page' and its links jump to the headings", async () => {
    const { page } = await openWithoutJs(DOC);
    const toggle = page.locator("summary", { hasText: "On this page" });
    await expect(toggle.isVisible()).resolves.toBe(true);
    // The script-driven button would do nothing here, so it is not offered.
    await expect(page.getByRole("button", { name: "On this page" }).count()).resolves.toBe(0);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toc.isVisible()).resolves.toBe(true);
    const link = toc.getByRole("link").first();
    const target = ((await link.getAttribute("href")) ?? "").slice(1);
    await link.click();
    await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash.slice(1)))).toBe(target);
  });

  it("opens the navigation menu, whose links lead to the docs sections", async () => {
    const { page } = await openWithoutJs(DOC);
    await expect(page.getByRole("button", { name: "Open navigation menu" }).count()).resolves.toBe(0);
    const toggle = page.locator("summary", { hasText: "Menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Navigation menu" });
    await expect(menu.isVisible()).resolves.toBe(true);
    await menu.getByRole("link", { name: "tamedevil" }).click();
    await page.waitForURL(/\/tamedevil$/);
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/tamedevil/i);
  });

  it("lists the page's docs sidebar in the menu, and its links lead to the section's pages", async () => {
    const { page } = await openWithoutJs(DOC);
    await page.locator("summary", { hasText: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Navigation menu" });
    await expect(menu.getByText("pg-sql2", { exact: true }).first().isVisible()).resolves.toBe(true);
    await menu.getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(/\/pg-sql2\/development-mode$/);
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/development mode/i);
  });

  it("answers /search?q= with a notice that search needs JavaScript and links to every docs section", async () => {
    const { page } = await openWithoutJs("/search?q=join");
    const notice = page.locator(".searchPage__nojs");
    await expect(notice.isVisible()).resolves.toBe(true);
    await expect(notice.textContent()).resolves.toMatch(/needs JavaScript/);
    const links = await notice.getByRole("link").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(links).toEqual(expect.arrayContaining(["/graphile-config", "/graphile-export", "/pg-introspection", "/pg-sql2", "/tamedevil"]));
  });
});
