/**
 * An unchanged Docusaurus site (tests/fixtures/docusaurus-classic) in the
 * browser: what its pages put in their head with @docusaurus/Head follows
 * the reader through client-side navigation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { buildSite } from "../../src/node/build/build";
import { browserSuite, markWindow, ROOT, windowMarked } from "./support";

const SITE = path.join(ROOT, "tests/fixtures/.tmp-docusaurus-e2e");

// Registered before the browser suite's hooks: the site is built before it is served.
beforeAll(async () => {
  rmSync(SITE, { recursive: true, force: true });
  cpSync(path.join(ROOT, "tests/fixtures/docusaurus-classic"), SITE, { recursive: true, filter: (source) => !source.includes(`${path.sep}build`) });
  await buildSite({ siteDir: SITE, onWarning: () => undefined });
});
afterAll(() => rmSync(SITE, { recursive: true, force: true }));

const { open } = browserSuite(() => path.join(SITE, "build"));

const headState = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    description: document.head.querySelectorAll('meta[name="description"]').length === 1 ? document.head.querySelector('meta[name="description"]')!.getAttribute("content") : "not exactly one",
    ogImages: document.head.querySelectorAll('meta[property="og:image"]').length,
    preconnects: document.head.querySelectorAll('link[rel="preconnect"]').length,
  }));

describe("@docusaurus/Head on a Docusaurus site", () => {
  it("keeps the page's own head after hydration, drops it on the next page and brings it back on Back", async () => {
    const { page, logs } = await open("/reference/config");
    const own = { title: "Widget Kit configuration reference", description: "Every option widget.config.js accepts, with its default.", ogImages: 1, preconnects: 1 };
    await expect.poll(() => headState(page)).toEqual(own);
    await markWindow(page);
    // A jump to a heading is a navigation too: the route's head is applied again, and the page's own over it.
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Options" }).click();
    await page.waitForURL("**/reference/config#options");
    await expect.poll(() => headState(page)).toEqual(own);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API", exact: true }).click();
    await page.waitForURL("**/reference/api");
    await expect.poll(() => headState(page)).toMatchObject({ ogImages: 0, preconnects: 0 });
    expect((await headState(page)).title).not.toBe(own.title);
    await page.goBack();
    await page.waitForURL("**/reference/config#options");
    await expect.poll(() => headState(page)).toEqual(own);
    expect(await windowMarked(page)).toBe(true);
    // Built inside vitest (NODE_ENV=test), React Router prints its development warnings; errors are what matter.
    expect(logs.filter((line) => !line.startsWith("warning:")).join("\n")).toBe("");
  });
});
