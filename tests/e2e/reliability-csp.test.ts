/**
 * Item 11 of the reliability issue: the built site served under the strict Content-Security-Policy
 * the build writes into _headers (script-src 'self' plus the hashes of its two inline scripts,
 * style-src 'self'). A saved dark theme applies before anything in the body exists, the base-url
 * banner shows when the site is served from the wrong folder, and the browser reports no violation.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveUnder } from "./baseUrlServer";
import { BUILD_DIR, DESKTOP, DOC, ensureBuilt, hydrated, sharedBrowser, closePages } from "./support";
import type { Browser } from "playwright-core";

let browser: Browser;
let policy: string;
let atRoot: Awaited<ReturnType<typeof serveUnder>>;
let underWrongFolder: Awaited<ReturnType<typeof serveUnder>>;

beforeAll(async () => {
  ensureBuilt();
  const headers = readFileSync(path.join(BUILD_DIR, "_headers"), "utf8");
  policy = /^\s+Content-Security-Policy: (.+)$/m.exec(headers)?.[1] ?? "";
  atRoot = await serveUnder(BUILD_DIR, "/", { "Content-Security-Policy": policy });
  underWrongFolder = await serveUnder(BUILD_DIR, "/wrong/", { "Content-Security-Policy": policy });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await closePages(browser);
  await atRoot?.close();
  await underWrongFolder?.close();
});

/** A page that records every CSP violation (the event, and the console line Chromium prints). */
async function openWatched(url: string, init?: () => void): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  if (init) await page.addInitScript(init);
  await page.goto(url);
  return { page, violations };
}

describe("under the build's strict Content-Security-Policy", () => {
  it("is strict: scripts only from the site and by hash (plus WebAssembly and blob: code for Try it), inline styles only for the editor", () => {
    expect(policy).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*'){2} 'wasm-unsafe-eval' blob:; style-src 'self' 'unsafe-inline';/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it("runs a Try it example in its worker, PGlite included, and reports no violation", async () => {
    const { page, violations } = await openWatched(atRoot.origin + "/pg-sql2/api/sql-identifier");
    await hydrated(page);
    await page.locator(".try-it").filter({ hasText: "Order Items" }).first().getByRole("button", { name: /^Try it/ }).click();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const status = page.locator(".playground__status");
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^(Ran|Failed) in \d+ ms\.$|^Stopped:|could not run/);
    await expect(status.textContent()).resolves.toMatch(/^Ran in/);
    await expect(page.getByRole("region", { name: "Example playground" }).getByRole("table").textContent()).resolves.toContain("Widget");
    expect(violations).toEqual([]);
  });

  it("applies a saved dark theme before the body exists, hydrates, and reports no violation", async () => {
    const { page, violations } = await openWatched(atRoot.origin + DOC, () => {
      localStorage.setItem("theme", "dark");
      new MutationObserver((_records, observer) => {
        if (!document.body) return;
        (window as unknown as { __themeAtBody: string | null }).__themeAtBody = document.documentElement.getAttribute("data-theme");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await hydrated(page);
    await expect(page.evaluate(() => (window as unknown as { __themeAtBody: string | null }).__themeAtBody)).resolves.toBe("dark");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    // Nested headings in "On this page" are indented by the stylesheet, not by a refused style attribute.
    const indent = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).paddingLeft);
    await expect(indent(".toc__item--depth-1")).resolves.not.toBe("0px");
    await expect(indent(".toc__item--depth-0")).resolves.toBe("0px");
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
  });

  it("shows the base-url banner when served from another folder, and reports no violation", async () => {
    const { page, violations } = await openWatched(underWrongFolder.origin + "/wrong/pg-sql2");
    const banner = page.locator("#base-url-issue-banner");
    await banner.waitFor({ state: "visible" });
    await expect(banner.textContent()).resolves.toContain('Set baseUrl in site.config.ts to "/wrong/"');
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
  });
});
