import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import path from "node:path";
import { buildSite } from "../../src/node/build/build";
import { copyFixture } from "../build/support";
import { sharedBrowser, closePages, serveDir } from "./support";

describe("a site served from the wrong base URL", () => {
  const site = copyFixture("basic");
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveDir>>;

  beforeAll(async () => {
    // Built for /base/ but served from the root: its scripts and styles are not found.
    site.write("site.config.ts", site.read("site.config.ts").replace('url: "https://fixture.example.org",', 'url: "https://fixture.example.org", baseUrl: "/base/",'));
    await buildSite({ siteDir: site.dir });
    server = await serveDir(path.join(site.dir, "build"));
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closePages(browser);
    await server?.close();
    site.remove();
  });

  it("shows the base-url banner explaining what to fix", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/guide`);
    const banner = page.locator("#base-url-issue-banner");
    await banner.waitFor({ timeout: 10_000 });
    await expect(banner.textContent()).resolves.toMatch(/configured baseUrl is "\/base\/".*Set baseUrl in site\.config\.ts/);
  });
});
