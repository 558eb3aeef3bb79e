import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "../build/support";
import { serveUnder } from "./baseUrlServer";
import { sharedBrowser, closePages } from "./support";

const BASE = "/docs-base/";

describe("a site built for baseUrl /docs-base/ and served there", () => {
  const site = copyFixture("basic");
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveUnder>>;

  beforeAll(async () => {
    site.write(
      "site.config.ts",
      site
        .read("site.config.ts")
        .replace('url: "https://fixture.example.org",', `url: "https://fixture.example.org", baseUrl: "${BASE}", favicon: "img/logo.svg",`)
        .replace("navbar: { items:", 'navbar: { logo: { alt: "Fixture logo", src: "/img/logo.svg" }, items:')
        .replace('copyright: "Fixture copyright"', 'copyright: "Fixture copyright", logo: { alt: "Fixture logo", src: "/img/logo.svg" }'),
    );
    mkdirSync(path.join(site.dir, "static/img"), { recursive: true });
    site.write("static/img/logo.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await buildSite({ siteDir: site.dir });
    server = await serveUnder(path.join(site.dir, "build"), BASE);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closePages(browser);
    await server?.close();
    site.remove();
  });

  /** Opens a page and records every request that failed, so a missing base shows up as a 404. */
  async function open(url: string): Promise<{ page: Page; consoleErrors: string[]; failed: string[] }> {
    const failed: string[] = [];
    const context = await browser.newContext();
    context.on("response", (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== "document") failed.push(`${response.status()} ${response.url()}`);
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text())) consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    return { page, consoleErrors, failed };
  }

  it("renders and hydrates the page, with every asset, link, logo and favicon under the base", async () => {
    const { page, consoleErrors, failed } = await open(`${server.origin}${BASE}guide`);
    await expect(page.locator("article h1").textContent()).resolves.toBeTruthy();
    expect(await page.locator("#base-url-issue-banner").count()).toBe(0);
    const internalHrefs = await page.$$eval("a[href^='/']", (links) => links.map((link) => link.getAttribute("href")!));
    expect(internalHrefs.length).toBeGreaterThan(3);
    for (const href of internalHrefs) expect(href, href).toMatch(/^\/docs-base\//);
    const images = await page.$$eval(".navbar__logo, .footer__logo", (imgs) => imgs.map((img) => [img.getAttribute("src"), (img as HTMLImageElement).naturalWidth]));
    expect(images.length).toBe(2);
    for (const [src] of images) expect(src).toBe(`${BASE}img/logo.svg`);
    await expect(page.getAttribute("link[rel=icon]", "href")).resolves.toBe(`${BASE}img/logo.svg`);
    await expect(page.getAttribute("link[rel=canonical]", "href")).resolves.toBe("https://fixture.example.org/docs-base/guide");
    // Styles applied: the navbar is fixed, which only the site's stylesheet says.
    await expect(page.locator(".navbar").evaluate((element) => getComputedStyle(element).position)).resolves.not.toBe("static");
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("routes client-side under the base: sidebar click, head update, back", async () => {
    const { page, consoleErrors, failed } = await open(`${server.origin}${BASE}guide`);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator(".doc-sidebar a", { hasText: /second/i }).first().click();
    await page.waitForURL(`${server.origin}${BASE}guide/second`);
    await page.waitForFunction(() => document.title.startsWith("Second"));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getAttribute("link[rel=canonical]", "href")).resolves.toBe("https://fixture.example.org/docs-base/guide/second");
    await page.goBack();
    await page.waitForURL(`${server.origin}${BASE}guide`);
    await expect(page.locator("article h1").textContent()).resolves.not.toMatch(/second/i);
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("normalises the address under the base and keeps query and hash", async () => {
    const { page, consoleErrors } = await open(`${server.origin}${BASE}guide/second/?a=1#top`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(`${BASE}guide/second?a=1#top`);
    expect(consoleErrors).toEqual([]);
  });

  it("answers an unknown path under the base with the not-found page, unindexed", async () => {
    const { page } = await open(`${server.origin}${BASE}no-such-page`);
    await expect(page.locator("main h1").textContent()).resolves.toMatch(/not found/i);
    await expect(page.getAttribute("meta[name=robots]", "content")).resolves.toBe("noindex, nofollow");
    expect(await page.locator("link[rel=canonical]").count()).toBe(0);
    expect(await page.locator("#base-url-issue-banner").count()).toBe(0);
  });

  it("lists the base in the sitemap", () => {
    const sitemap = readFileSync(path.join(site.dir, "build/sitemap.xml"), "utf8");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.length).toBeGreaterThan(2);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/fixture\.example\.org\/docs-base\//);
  });

  it("fetches the search index and links hits under the base", async () => {
    const { page, failed } = await open(`${server.origin}${BASE}search?q=second`);
    const hit = page.locator(".searchResult__link").first();
    await hit.waitFor({ timeout: 15_000 });
    await expect(hit.getAttribute("href")).resolves.toMatch(/^\/docs-base\/guide\//);
    await hit.click();
    await page.waitForURL(/\/docs-base\/guide\//);
    expect(failed).toEqual([]);
  });
});
