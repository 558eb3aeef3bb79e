import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { createStaticServer } from "../../src/node/serve/staticServer";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = path.join(ROOT, "build");

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 800 };

/** The suite's global setup (globalSetup.ts) built the site; fail clearly if it is missing. */
export function ensureBuilt(): void {
  if (!existsSync(path.join(BUILD_DIR, "index.html"))) throw new Error(`${BUILD_DIR} holds no built site; run the e2e project through vitest, or npm run build first`);
}

/** Serves a folder on a free loopback port; returns its origin and a stop function. */
export async function serveDir(dir = BUILD_DIR): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createStaticServer(dir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A page that records console errors and failed hydration, for assertions. */
export async function openPage(browser: Browser, url: string, viewport = DESKTOP): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || (message.type() === "warning" && /hydrat/i.test(message.text()))) consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { page, consoleErrors };
}
