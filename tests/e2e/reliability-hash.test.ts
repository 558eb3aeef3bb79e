/** Item 10 of the reliability issue: a hash with a malformed percent escape, set in the page, must not crash it. */
import { describe, expect, it } from "vitest";
import { browserSuite, DESKTOP, DOC } from "./support";

const site = browserSuite();

describe("a malformed hash", () => {
  it("set in the page leaves it working: no crash, no uncaught error, and later anchors still scroll", async () => {
    const { page, logs } = await site.open(DOC, DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.evaluate(() => (location.hash = "%E0%A4%A"));
    await page.waitForTimeout(300);
    await expect(page.getByText("This page crashed").count()).resolves.toBe(0);
    await expect(page.locator("article h1").first().isVisible()).resolves.toBe(true);
    expect(logs.filter((line) => line.startsWith("pageerror"))).toEqual([]);
    // The router is still alive: a link of the table of contents moves to its heading.
    const link = page.getByRole("navigation", { name: "On this page" }).first().getByRole("link").last();
    const id = ((await link.getAttribute("href")) ?? "").slice(1);
    await link.click();
    await expect.poll(() => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id)).toBeLessThan(200);
  });
});
