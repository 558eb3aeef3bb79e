/** The errors of spec section 8 that only show in a browser: a crashing page, a broken page module, no storage, a stale preferred version. */
import { describe, expect, it } from "vitest";
import { PREFERRED_VERSION_STORAGE_PREFIX } from "../../src/core/constants";
import { browserSuite, DESKTOP, MOBILE, DOC, TARGET, TARGET_CHUNK } from "./support";

const site = browserSuite();

describe("errors", () => {
  it("shows the crash page with the error's chain of causes, and Try again clears it", async () => {
    // Crashes until the test says otherwise (React itself retries a failed render once).
    const crashing = `export default function Crashing() {
      if (!window.__stopCrashing) {
        throw new Error("Rendering the page failed", { cause: new Error("The data was malformed", { cause: new Error("Unexpected token at 12") }) });
      }
      return null;
    }`;
    const { page } = await site.open("/pg-sql2", DESKTOP, { route: [TARGET_CHUNK, (route) => route.fulfill({ contentType: "text/javascript", body: crashing })] });
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    const crash = page.getByRole("alert");
    await expect(crash.locator("h1").textContent()).resolves.toBe("This page crashed.");
    const text = await crash.textContent();
    expect(text).toContain("Rendering the page failed");
    expect(text).toContain("The data was malformed");
    expect(text).toContain("Unexpected token at 12");
    // The chrome around the page still works.
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(true);
    await page.evaluate(() => ((window as unknown as { __stopCrashing: boolean }).__stopCrashing = true));
    await crash.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.getByText("This page crashed.").count()).toBe(0);
  });

  it("names the missing default export of a page module", async () => {
    const { page } = await site.open("/pg-sql2", DESKTOP, {
      route: [TARGET_CHUNK, (route) => route.fulfill({ contentType: "text/javascript", body: "export const notAComponent = 1;" })],
    });
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    const crash = page.getByRole("alert");
    await expect(crash.locator("h1").textContent()).resolves.toBe("This page crashed.");
    await expect(crash.textContent()).resolves.toMatch(/page module for \/pg-sql2\/development-mode .*has no default export/);
  });

  it("keeps working without browser storage: one warning, toggles and navigation still work", async () => {
    const { page, logs } = await site.open(DOC, MOBILE, {
      init: () => {
        Object.defineProperty(window, "localStorage", {
          configurable: true,
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      },
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(site.origin + TARGET);
    await expect.poll(() => page.locator("article h1").first().textContent()).toMatch(/development mode/i);
    const warnings = logs.filter((line) => /storage is unavailable/i.test(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning:/);
    expect(logs.filter((line) => line.startsWith("error") || line.startsWith("pageerror"))).toEqual([]);
  });

  it("clears a stored preferred docs version that names no version, and keeps one that does", async () => {
    const { page } = await site.open("/", DESKTOP, {
      init: () => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("docs-preferred-version-pg-sql2", "9.9");
        localStorage.setItem("docs-preferred-version-tamedevil", "current");
      },
    });
    const read = (pluginId: string) => page.evaluate((key) => localStorage.getItem(key), PREFERRED_VERSION_STORAGE_PREFIX + pluginId);
    // The provider reads every plugin's saved version once the page has hydrated (spec section 4: on read).
    await expect.poll(() => read("pg-sql2")).toBeNull();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "pg-sql2" }).click();
    await page.waitForURL(/\/pg-sql2$/);
    await expect(read("pg-sql2")).resolves.toBeNull();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "tamedevil" }).click();
    await page.waitForURL(/\/tamedevil$/);
    await page.waitForTimeout(100);
    await expect(read("tamedevil")).resolves.toBe("current");
  });
});
