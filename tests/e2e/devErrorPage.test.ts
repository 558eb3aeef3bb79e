import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { copyFixture } from "../build/support";
import { launchBrowser } from "./support";

describe("the dev server's error page in Chromium", () => {
  const site = copyFixture("basic");
  let server: DevServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startDevServer({ siteDir: site.dir, port: 3990 + (process.pid % 9), host: "127.0.0.1", log: () => undefined });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    site.remove();
  });

  it("reloads by itself once a front-matter error is fixed, as it says", async () => {
    // A content error the page's own module never saw: only the site's reload event can bring the page back.
    site.write("docs/guide/second.md", "---\ntitle: [unclosed\n---\n\n# Second page\n");
    await new Promise((resolve) => setTimeout(resolve, 400));
    await server.settled();
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}guide/second`);
    expect(response?.status()).toBe(500);
    await expect(page.locator("#dev-error").textContent()).resolves.toMatch(/second\.md:2:\d+/);
    // The page's hot-update connection must be open before the fix, or the event is missed.
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/@vite/client")));
    await page.waitForTimeout(500);
    site.write("docs/guide/second.md", "# Second page\n\nRepaired text.\n");
    await page.waitForSelector("text=Repaired text.", { timeout: 15_000 });
  });
});
