import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { copyFixture } from "../build/support";
import { sharedBrowser, closePages } from "./support";

const UNCLOSED_FRONT_MATTER = "---\ntitle: [unclosed\n---\n\n# Second page\n";

describe("the dev server's error page in Chromium", () => {
  let browser: Browser;
  const started: { server: DevServer; site: ReturnType<typeof copyFixture> }[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closePages(browser);
    for (const { server, site } of started) {
      await server.close();
      site.remove();
    }
  });

  /** A dev server on a fresh copy of the basic fixture; `before` edits the copy before the server starts. */
  async function startOnFixture(before?: (site: ReturnType<typeof copyFixture>) => void, log: (line: string) => void = () => undefined) {
    const site = copyFixture("basic");
    before?.(site);
    const server = await startDevServer({ siteDir: site.dir, port: 0, host: "127.0.0.1", log });
    started.push({ server, site });
    return { server, site };
  }

  /** Opens the broken page, checks the error page names file:line, then fixes the file; returns the open page. */
  async function showsErrorPageThenFix(server: DevServer, site: ReturnType<typeof copyFixture>) {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}guide/second`);
    expect(response?.status()).toBe(500);
    await expect(page.locator("#dev-error").textContent()).resolves.toMatch(/second\.md:2:\d+/);
    // The page's hot-update connection must be open before the fix, or the event is missed.
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/@vite/client")));
    await page.waitForTimeout(500);
    site.write("docs/guide/second.md", "# Second page\n\nRepaired text.\n");
    return page;
  }

  it("reloads by itself once a front-matter error is fixed, as it says", async () => {
    const { server, site } = await startOnFixture();
    // A content error the page's own module never saw: only the site's reload event can bring the page back.
    site.write("docs/guide/second.md", UNCLOSED_FRONT_MATTER);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await server.settled();
    const page = await showsErrorPageThenFix(server, site);
    await page.waitForSelector("text=Repaired text.", { timeout: 15_000 });
  });

  it("starts while a front-matter error exists and shows the error page on every page, and recovers once the file is fixed", async () => {
    const logged: string[] = [];
    const { server, site } = await startOnFixture((copy) => copy.write("docs/guide/second.md", UNCLOSED_FRONT_MATTER), (line) => logged.push(line));
    expect(logged.join("\n")).toMatch(/second\.md:2:\d+/);
    const page = await showsErrorPageThenFix(server, site);
    await page.waitForSelector("#__root", { timeout: 15_000 });
    await page.goto(`${server.url}guide/second`);
    await page.waitForSelector("text=Repaired text.", { timeout: 15_000 });
  });
});
