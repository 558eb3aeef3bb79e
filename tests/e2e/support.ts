import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { createStaticServer } from "../../plugins/serve/staticServer";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = path.join(ROOT, "build");

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 800 };

/**
 * Builds the real site once per test run (unless E2E_SKIP_BUILD=1 and a build
 * exists), so every browser test reads the same output.
 */
export function ensureBuilt(): void {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(path.join(BUILD_DIR, "index.html"))) return;
  if ((globalThis as { __siteBuilt?: boolean }).__siteBuilt) return;
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"], { cwd: ROOT, stdio: "inherit" });
  (globalThis as { __siteBuilt?: boolean }).__siteBuilt = true;
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
