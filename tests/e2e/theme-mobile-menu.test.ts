/** The mobile menu at 375 px: its panels, focus trap, closing, and the switch to the desktop layout. */
import { describe, expect, it } from "vitest";
import { DESKTOP_BREAKPOINT_PX, MOBILE_MENU_BACK_LABEL, MOBILE_MENU_TOGGLE_ID } from "../../src/core/constants";
import { browserSuite, DESKTOP, MOBILE, DOC, TARGET, markWindow, windowMarked, SECTIONS } from "./support";

const site = browserSuite();

describe("the mobile menu", () => {
  it("opens on the current section's sidebar, goes back to the main menu, locks the page's scrolling and closes on Escape", async () => {
    const { page } = await site.open(DOC, MOBILE);
    const toggle = page.getByRole("button", { name: "Open navigation menu" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.waitFor({ state: "visible" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(page.evaluate(() => getComputedStyle(document.body).overflow)).resolves.toBe("hidden");
    // The secondary menu: the section's sidebar, with the current page marked.
    const secondary = dialog.getByRole("navigation", { name: "Docs sidebar" });
    await expect(secondary.locator('[aria-current="page"]').textContent()).resolves.toBe("sql");
    const back = dialog.getByRole("button", { name: MOBILE_MENU_BACK_LABEL });
    await expect(back.textContent()).resolves.toBe("← Back to main menu");
    await back.click();
    // The primary menu: the navbar items.
    const primary = dialog.getByRole("navigation", { name: "Main menu" });
    await expect(primary.getByRole("link").allTextContents()).resolves.toEqual([...SECTIONS, expect.stringContaining("GitHub")]);
    await expect(secondary.isVisible()).resolves.toBe(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe("");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Open navigation menu");
  });

  it("keeps focus inside while open, and closes from the backdrop or the close button", async () => {
    const { page } = await site.open(DOC, MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.waitFor({ state: "visible" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Close navigation menu");
    for (let index = 0; index < 30; index++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"))).toBe(true);
    await page.mouse.click(360, 400);
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: "Close navigation menu" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("navigates from the menu and closes", async () => {
    const { page } = await site.open("/pg-sql2", MOBILE);
    await markWindow(page);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(site.origin + TARGET);
    await dialog.waitFor({ state: "hidden" });
    expect(await windowMarked(page)).toBe(true);
  });

  it("closes on the browser's Back button, which goes back a page and lets the page scroll again", async () => {
    const { page } = await site.open("/pg-sql2", MOBILE);
    await markWindow(page);
    // A client-side navigation first, so that Back has an entry of this site to return to.
    await page.locator(`article a[href="${TARGET}"]`).first().click();
    await page.waitForURL(site.origin + TARGET);
    const toggle = page.getByRole("button", { name: "Open navigation menu" });
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.waitFor({ state: "visible" });
    await expect(page.evaluate(() => getComputedStyle(document.body).overflow)).resolves.toBe("hidden");
    await page.goBack();
    await page.waitForURL(site.origin + "/pg-sql2");
    await dialog.waitFor({ state: "hidden" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => getComputedStyle(document.body).overflow)).resolves.not.toBe("hidden");
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/pg-sql2/i);
    // Still the same document: Back was handled by the client router, not a reload.
    expect(await windowMarked(page)).toBe(true);
  });

  it("shows only the main menu where there is no sidebar", async () => {
    const { page } = await site.open("/", MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.getByRole("navigation", { name: "Main menu" }).waitFor({ state: "visible" });
    await expect(dialog.getByRole("button", { name: MOBILE_MENU_BACK_LABEL }).count()).resolves.toBe(0);
  });

  it("is forced hidden when the layout becomes desktop", async () => {
    const { page } = await site.open(DOC, MOBILE);
    // By id: at desktop width the toggle is not displayed, so not found by role.
    const toggle = page.locator(`#${MOBILE_MENU_TOGGLE_ID}`);
    await toggle.click();
    await page.getByRole("dialog", { name: "Navigation menu" }).waitFor({ state: "visible" });
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe("");
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole("dialog", { name: "Navigation menu" }).isVisible()).resolves.toBe(false);
  });

  it("is not in the desktop layout (wider than 996 px), where the navbar shows its items", async () => {
    const { page } = await site.open(DOC, { width: DESKTOP_BREAKPOINT_PX, height: 800 });
    const toggle = page.locator(`#${MOBILE_MENU_TOGGLE_ID}`);
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(page.locator(".navbar__items--left").isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX + 1, height: 800 });
    await expect(toggle.isVisible()).resolves.toBe(false);
    await expect(page.locator(".navbar__items--left").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("navigation", { name: "Docs sidebar" }).isVisible()).resolves.toBe(true);
  });
});
