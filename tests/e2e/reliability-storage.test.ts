/** Item 8 of the reliability issue: with site data blocked, reading localStorage throws; search must still open and work. */
import { describe, expect, it } from "vitest";
import { browserSuite, DESKTOP, DOC } from "./support";

const site = browserSuite();

function blockStorage() {
  Object.defineProperty(window, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
  });
}

describe("search without browser storage", () => {
  it("opens with Ctrl+K and the button, searches, shows no recent searches, and logs one warning", async () => {
    const { page, logs } = await site.open(DOC, DESKTOP, { init: blockStorage });
    await page.keyboard.press("Control+k");
    const input = page.locator(".DocSearch-Input");
    await input.waitFor({ state: "visible" });
    await input.fill("sql.join");
    const firstHit = page.locator(".DocSearch-Hit a").first();
    await firstHit.waitFor();
    await firstHit.click();
    await page.waitForURL(/\/pg-sql2\/api\/sql-join$/);
    // With storage, the chosen hit would now be listed under "Recent"; here nothing can be remembered.
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await input.waitFor({ state: "visible" });
    await page.waitForTimeout(300);
    await expect(page.locator(".DocSearch-Hit-source").allTextContents()).resolves.toEqual([]);
    await input.fill("sql.join");
    await page.locator(".DocSearch-Hit a").first().waitFor();
    await expect(page.getByText("This page crashed").count()).resolves.toBe(0);
    const warnings = logs.filter((line) => /storage is unavailable/i.test(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning:/);
    expect(logs.filter((line) => line.startsWith("error") || line.startsWith("pageerror"))).toEqual([]);
  });
});
