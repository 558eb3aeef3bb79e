import { createServer, type AddressInfo } from "node:net";
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

/** A port nothing listens on right now (other test files and helpers start servers too). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("the dev server started while a front-matter error exists", () => {
  const site = copyFixture("basic");
  let server: DevServer | undefined;
  let browser: Browser;

  beforeAll(async () => {
    site.write("docs/guide/second.md", "---\ntitle: [unclosed\n---\n\n# Second page\n");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    site.remove();
  });

  it("starts, shows the error page on every page, and recovers once the file is fixed", async () => {
    const logged: string[] = [];
    server = await startDevServer({ siteDir: site.dir, port: await freePort(), host: "127.0.0.1", log: (line) => logged.push(line) });
    expect(logged.join("\n")).toMatch(/second\.md:2:\d+/);
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}guide/second`);
    expect(response?.status()).toBe(500);
    await expect(page.locator("#dev-error").textContent()).resolves.toMatch(/second\.md:2:\d+/);
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/@vite/client")));
    await page.waitForTimeout(500);
    site.write("docs/guide/second.md", "# Second page\n\nRepaired text.\n");
    await page.waitForSelector("#__root", { timeout: 15_000 });
    await page.goto(`${server.url}guide/second`);
    await page.waitForSelector("text=Repaired text.", { timeout: 15_000 });
  });
});
