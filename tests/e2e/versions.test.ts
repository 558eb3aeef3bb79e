import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { PREFERRED_VERSION_STORAGE_PREFIX } from "../../src/core/constants";
import { DESKTOP, builtFixtureSuite } from "./support";

const KEY = `${PREFERRED_VERSION_STORAGE_PREFIX}default`;

describe("versioned docs in the browser", () => {
  const site = builtFixtureSuite("versioned-site");

  /** A fresh browser context (own storage); `before` runs in the page before any of its scripts. */
  async function open(url: string, before?: string) {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    if (before) await context.addInitScript(before);
    const page = await context.newPage();
    const messages: string[] = [];
    const requests: string[] = [];
    page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    // The fixture has no favicon; any other missing file is a failure.
    page.on("response", (response) => {
      if (response.status() >= 400 && !response.url().endsWith("/favicon.svg")) messages.push(`error: ${response.status()} ${response.url()}`);
    });
    await page.goto(`${site.origin}${url}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    return { page, messages, requests, close: () => context.close() };
  }
  const versionDropdown = (page: Page) => page.locator(".navbar__items--right .docs-version-dropdown").first();
  const chooseVersion = async (page: Page, label: string) => {
    await versionDropdown(page).locator("button").click();
    await versionDropdown(page).getByRole("link", { name: label, exact: true }).click();
  };
  const navHref = (page: Page, label: string) => page.locator(".navbar__items--left").getByRole("link", { name: label, exact: true }).getAttribute("href");

  it("switches to the same doc in another version from the dropdown, with its banner and badge, and remembers the choice", async () => {
    const { page, messages, close } = await open("/docs/installation");
    await expect(versionDropdown(page).locator("button").textContent()).resolves.toBe("2.0");
    await chooseVersion(page, "3.0 (next)");
    await page.waitForURL(`${site.origin}/docs/next/installation`);
    await expect(page.locator(".doc-version-banner").textContent()).resolves.toMatch(/Ferry 3\.0 \(next\), which is not released yet/);
    await expect(page.locator(".doc-version-badge").textContent()).resolves.toBe("Version: 3.0 (next)");
    await expect(versionDropdown(page).locator("button").textContent()).resolves.toBe("3.0 (next)");
    await expect(page.evaluate((key) => localStorage.getItem(key), KEY)).resolves.toBe("current");
    expect(messages.filter((message) => /^(error|pageerror)/.test(message) && !/Failed to load resource/.test(message))).toEqual([]);
    await close();
  });

  it("goes to a version's main doc when the page has no twin there", async () => {
    const { page, close } = await open("/docs/next/whats-new");
    await chooseVersion(page, "1.0");
    await page.waitForURL(`${site.origin}/docs/1.0`);
    await expect(page.locator(".doc-version-banner").textContent()).resolves.toMatch(/which is no longer maintained/);
    await close();
  });

  it("keeps the preferred version across reloads: navbar doc links and the version item follow it", async () => {
    const { page, close } = await open("/docs/installation");
    await chooseVersion(page, "1.0");
    await page.waitForURL(`${site.origin}/docs/1.0/installation`);
    await page.goto(`${site.origin}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // Outside the docs the preferred version decides; a doc that 1.0 lacks falls back to the latest.
    await page.waitForFunction(() => document.querySelector('.navbar__items--left a[href="/docs/1.0"]') !== null);
    await expect(navHref(page, "Docs")).resolves.toBe("/docs/1.0");
    await expect(navHref(page, "Configuration")).resolves.toBe("/docs/configuration");
    await expect(versionDropdown(page).locator("button").textContent()).resolves.toBe("1.0");
    await page.getByRole("link", { name: "Docs", exact: true }).click();
    await page.waitForURL(`${site.origin}/docs/1.0`);
    await close();
  });

  it("clears a saved version name that matches no version, and falls back to the latest", async () => {
    const { page, close } = await open("/", `localStorage.setItem(${JSON.stringify(KEY)}, "9.9")`);
    await page.waitForFunction((key) => localStorage.getItem(key) === null, KEY);
    await expect(navHref(page, "Docs")).resolves.toBe("/docs");
    await expect(versionDropdown(page).locator("button").textContent()).resolves.toBe("2.0");
    await close();
  });

  it("works with browser storage unavailable: warns once and acts as if empty", async () => {
    const noStorage = `Object.defineProperty(window, "localStorage", { get() { throw new Error("denied"); } });`;
    const { page, messages, close } = await open("/docs/installation", noStorage);
    await chooseVersion(page, "1.0");
    await page.waitForURL(`${site.origin}/docs/1.0/installation`);
    expect(messages.some((message) => /^warning: Browser storage is unavailable/.test(message))).toBe(true);
    expect(messages.filter((message) => /^(error|pageerror)/.test(message) && !/Failed to load resource/.test(message))).toEqual([]);
    await close();
  });

  it("links from an old version's banner to the same page in the latest version, which becomes the preferred one", async () => {
    const { page, close } = await open("/docs/1.0/installation", `localStorage.setItem(${JSON.stringify(KEY)}, "1.0")`);
    await page.locator(".doc-version-banner").getByRole("link", { name: "this page in the latest version" }).click();
    await page.waitForURL(`${site.origin}/docs/installation`);
    await expect(page.locator(".doc-version-banner").count()).resolves.toBe(0);
    await expect(page.evaluate((key) => localStorage.getItem(key), KEY)).resolves.toBe("2.0");
    await close();
  });

  it("loads only the route data and chunks of the version the longest matching path names", async () => {
    const { page, requests, close } = await open("/docs/next/installation");
    const manifests = () => requests.filter((request) => /\/route-index\//.test(request)).map((request) => /route-index\/(.*)\.json/.exec(request)![1]);
    const routeChunks = () => requests.filter((request) => /\/assets\/routes-/.test(request)).map((request) => /routes-(.*)-\d+-[0-9a-f]{10}\.json/.exec(request)![1]);
    expect(manifests()).toEqual(["default-current"]);
    // The page's own route record came with its HTML: no route chunk until the reader moves on.
    expect(routeChunks()).toEqual([]);
    // /docs/1.0/... lies under /docs (2.0) too; the longer /docs/1.0 wins.
    await chooseVersion(page, "1.0");
    await page.waitForURL(`${site.origin}/docs/1.0/installation`);
    await expect(page.locator("article h1").textContent()).resolves.toBe("Installation");
    await expect(page.locator("article").textContent()).resolves.toContain("npm install ferry@1");
    expect(manifests()).toEqual(["default-current", "default-1.0"]);
    expect(routeChunks()).toEqual(["default-1.0"]);
    await close();
  });
});
