import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BUILD_DIR, DESKTOP, ensureBuilt, launchBrowser, MOBILE, openPage, serveDir } from "./support";

function builtRoutes(dir = BUILD_DIR, base = ""): string[] {
  const routes: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "assets" && name !== "search-index") routes.push(...builtRoutes(full, `${base}/${name}`));
    } else if (name === "index.html") routes.push(base || "/");
  }
  return routes;
}

describe("the built site in Chromium", () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveDir>>;

  beforeAll(async () => {
    ensureBuilt();
    server = await serveDir();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("renders every docs page from static HTML and hydrates it without errors", async () => {
    const routes = builtRoutes().filter((route) => route !== "/");
    expect(routes.length).toBeGreaterThan(20);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    for (const route of routes) {
      const html = readFileSync(path.join(BUILD_DIR, route, "index.html"), "utf8");
      if (route !== "/search") expect(html, route).toContain("<article");
      await page.goto(server.origin + route);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await expect(page.locator("main h1").first().isVisible()).resolves.toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("navigates client-side, loading only the target page's chunk", async () => {
    const { page, consoleErrors } = await openPage(browser, `${server.origin}/pg-sql2/`);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.locator('.doc-sidebar a[href="/pg-sql2/development-mode"]').click();
    await page.waitForURL(`${server.origin}/pg-sql2/development-mode`);
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/development mode/i);
    // Same window: no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
    expect(requested.filter((file) => file.endsWith(".html"))).toEqual([]);
    expect(requested.some((file) => /page-pg-sql2-development-mode-/.test(file))).toBe(true);
    expect(requested.filter((file) => /\/assets\/page-/.test(file)).every((file) => /development-mode/.test(file))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it("loads a section's manifest the first time the section is entered", async () => {
    const { page } = await openPage(browser, `${server.origin}/pg-sql2/`);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.locator('.navbar a[href="/tamedevil"]').click();
    await page.waitForURL(`${server.origin}/tamedevil`);
    expect(requested.filter((file) => /routes-tamedevil-/.test(file))).toHaveLength(1);
  });

  it("shows the not-found page with status 404 for unknown paths", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    const response = await page.goto(`${server.origin}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
    await context.close();
  });
});
