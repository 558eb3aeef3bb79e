/** Keyboard use of the chrome, and an axe-core pass over every screen in both colour modes and widths. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { violationsInBothModes } from "./axe";
import { browserSuite, DESKTOP, MOBILE, DOC, hydrated } from "./support";

const site = browserSuite();

describe("keyboard", () => {
  it("reaches every control of the chrome with Tab, each with a visible focus ring", async () => {
    const { page } = await site.open(DOC);
    const reached = new Set<string>();
    const withoutRing: string[] = [];
    for (let index = 0; index < 400; index++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        if (!element.dataset.tabKey) element.dataset.tabKey = String(Math.random());
        const ringOf = (node: Element | null) => {
          if (!node) return false;
          const style = getComputedStyle(node);
          return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
        };
        return {
          key: element.dataset.tabKey,
          ring: ringOf(element) || ringOf(element.parentElement) || ringOf(element.closest("li")),
          name: `${element.tagName} ${element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40)}`,
        };
      });
      if (!info) continue;
      if (reached.has(info.key)) break;
      reached.add(info.key);
      if (!info.ring) withoutRing.push(info.name);
    }
    expect(withoutRing).toEqual([]);
    const unreached = await page.evaluate((keys) => {
      const known = new Set(keys);
      const chrome = document.querySelectorAll<HTMLElement>(
        ".navbar a, .navbar button, .doc-sidebar a, .doc-sidebar button, .breadcrumbs a, .toc a, .paginator a, .doc-page__edit a, .footer a",
      );
      return [...chrome]
        .filter((element) => element.offsetParent !== null && !(element as HTMLButtonElement).disabled && !known.has(element.dataset.tabKey ?? ""))
        .map((element) => element.textContent?.trim() || element.getAttribute("aria-label"));
    }, [...reached]);
    expect(unreached).toEqual([]);
  });

  it("operates the colour toggle and the mobile menu from the keyboard", async () => {
    const { page } = await site.open(DOC, MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Navigation menu" }).waitFor({ state: "visible" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Close navigation menu");
    await page.keyboard.press("Shift+Tab");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toMatch(/Switch between dark and light mode/);
    await page.keyboard.press("Enter");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Navigation menu" }).waitFor({ state: "hidden" });
  });
});


// ---------------------------------------------------------------- accessibility (axe-core)

const SCREENS = [
  ["home", "/"],
  ["docs page", "/pg-sql2/api/sql"],
  ["search", "/search?q=sql"],
  ["not found", "/no/such/page"],
] as const;

describe.each([
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
])("axe finds no violations at %s", (_width, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await site.browser.newContext({ viewport, reducedMotion: "reduce" });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("on every screen in light and dark mode", async () => {
    await page.goto(site.origin + "/");
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    const problems: string[] = [];
    for (const [name, route] of SCREENS) {
      await page.goto(site.origin + route, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      // Each page opens in the mode the last one was left in.
      expect(await page.locator("html").getAttribute("data-theme")).toBe(await page.evaluate(() => localStorage.getItem("theme")));
      // Judge the search page with its results shown.
      if (route.startsWith("/search")) await page.locator('[aria-label="Search results"] li').first().waitFor();
      problems.push(...(await violationsInBothModes(page)).map((problem) => `${name}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
});
