import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { browserSuite, BUILD_DIR, DESKTOP, hydrated, MOBILE } from "./support";

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
  const site = browserSuite();

  it("renders every docs page from static HTML and hydrates it without errors", { timeout: 600_000 }, async () => {
    const routes = builtRoutes().filter((route) => route !== "/");
    expect(routes.length).toBeGreaterThan(20);
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    for (const route of routes) {
      const html = readFileSync(path.join(BUILD_DIR, route, "index.html"), "utf8");
      if (route !== "/search") expect(html, route).toContain("<article");
      await page.goto(site.origin + route);
      await hydrated(page);
      await expect(page.locator("main h1").first().isVisible()).resolves.toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  /** A page whose every request is recorded; with saveData on, link prefetching stays off. */
  async function recordedPage(url: string, options: { saveData: boolean }) {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    if (options.saveData) {
      await context.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } }));
    }
    const page = await context.newPage();
    const requested: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(url);
    await hydrated(page);
    return { page, requested, errors, close: () => context.close() };
  }

  it("navigates client-side, loading only the target page's chunk", async () => {
    const { page, requested, errors, close } = await recordedPage(`${site.origin}/pg-sql2/`, { saveData: true });
    // The page hydrated from the route record its HTML carries: no route chunk was fetched for it.
    const routeChunks = (files: string[]) => files.filter((file) => /^\/assets\/routes-/.test(file));
    expect(routeChunks(requested)).toEqual([]);
    const before = requested.length;
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.locator('.doc-sidebar a[href="/pg-sql2/development-mode"]').click();
    await page.waitForURL(`${site.origin}/pg-sql2/development-mode`);
    await expect.poll(() => page.locator("article h1").first().textContent()).toMatch(/development mode/i);
    // Same window: no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
    const during = requested.slice(before);
    expect(during.filter((file) => file.endsWith(".html") || !file.includes("."))).toEqual([]);
    // The next page's record is in the section's route chunk, fetched now.
    expect(routeChunks(during)).toEqual([expect.stringMatching(/^\/assets\/routes-pg-sql2-0-[0-9a-f]{10}\.json$/)]);
    const pageChunks = during.filter((file) => /\/assets\/page-/.test(file));
    expect(pageChunks.length).toBeGreaterThan(0);
    expect(pageChunks.every((file) => /page-pg-sql2-development-mode-/.test(file))).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("loads a section's route index and route chunk once, the first time the section is entered", async () => {
    const { page, requested, close } = await recordedPage(`${site.origin}/pg-sql2/`, { saveData: true });
    const sectionData = () => requested.filter((file) => /^\/route-index\/tamedevil\.json$|^\/assets\/routes-tamedevil-/.test(file));
    expect(sectionData()).toHaveLength(0);
    await page.locator('.navbar a[href="/tamedevil"]').first().click();
    await page.waitForURL(`${site.origin}/tamedevil`);
    await page.locator('.doc-sidebar a[href="/tamedevil/importing"]').click();
    await page.waitForURL(`${site.origin}/tamedevil/importing`);
    expect(sectionData()).toEqual(["/route-index/tamedevil.json", expect.stringMatching(/^\/assets\/routes-tamedevil-0-[0-9a-f]{10}\.json$/)]);
    await close();
  });

  it("prefetches linked pages (in view or hovered), but not when the reader saves data", async () => {
    const normal = await recordedPage(`${site.origin}/pg-sql2/`, { saveData: false });
    await normal.page.locator('.doc-sidebar a[href="/pg-sql2/development-mode"]').hover();
    await expect.poll(() => normal.requested.some((file) => /page-pg-sql2-development-mode-/.test(file)), { timeout: 10_000 }).toBe(true);
    await normal.close();
    const saving = await recordedPage(`${site.origin}/pg-sql2/`, { saveData: true });
    await saving.page.locator('.doc-sidebar a[href="/pg-sql2/development-mode"]').hover();
    await saving.page.waitForTimeout(500);
    expect(saving.requested.some((file) => /page-pg-sql2-development-mode-/.test(file))).toBe(false);
    await saving.close();
  });

  it("scrolls to the top on a new page and back to where the reader was on Back", async () => {
    const { page, close } = await recordedPage(`${site.origin}/pg-sql2/api/sql-identifier`, { saveData: true });
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    await page.locator('.doc-sidebar a[href="/pg-sql2/api/sql-raw"]').click();
    await page.waitForURL(`${site.origin}/pg-sql2/api/sql-raw`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${site.origin}/pg-sql2/api/sql-identifier`);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    await close();
  });

  it("shows the not-found page with status 404 for unknown paths", async () => {
    const context = await site.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    const response = await page.goto(`${site.origin}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
    await context.close();
  });
});
