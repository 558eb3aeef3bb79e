import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Route } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { createStaticServer } from "../../src/node/serve/staticServer";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { copyFixture } from "../build/support";

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

/** A Chromium of the caller's own, closed by the caller (scripts); test files use `sharedBrowser`. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", ...extraArgs],
  });
}

/**
 * Only V8's baseline compiler for WebAssembly in the tests' browser: each playground test starts
 * PostgreSQL's 9 MB module in a fresh context, and optimising its hot functions in the background
 * cost more CPU than the few seconds it runs saved (the playground and CSP browser tests: 101-112 s
 * of CPU and 63-69 s against 127-131 s and 75-77 s). The doc tests' Node processes do the same.
 */
const TEST_BROWSER_ARGS = ["--js-flags=--liftoff-only"];

let running: Promise<Browser> | undefined;

/**
 * The Chromium every browser test file of a run shares: the files run one after another in one
 * worker (vitest.config.ts), and a launch and close per file cost about a second of CPU each on a
 * machine the other test stream keeps busy. A file closes what it opened (`closePages`), never the
 * browser itself, which ends with the worker.
 */
export function sharedBrowser(): Promise<Browser> {
  running ??= launchBrowser(TEST_BROWSER_ARGS).then((browser) => {
    browser.on("disconnected", () => (running = undefined));
    return browser;
  });
  return running;
}

/** Closes every context (and so every page) open in the shared browser: a test file's last step. */
export async function closePages(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close().catch(() => undefined)));
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
  await hydrated(page);
  return { page, consoleErrors };
}

/** A page opened by a browser suite, with what its console said. */
export interface Opened {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught errors. */
  logs: string[];
}

export interface OpenOptions extends BrowserContextOptions {
  /** Runs in the page before any of its scripts (to stub browser APIs). */
  init?: () => void;
  /** Intercepts matching requests from the first one on. */
  route?: [RegExp, (route: Route) => unknown];
}

export interface BrowserSuite {
  /** The static server's origin, e.g. http://127.0.0.1:40123. */
  readonly origin: string;
  readonly browser: Browser;
  /** A fresh context and page (closed after the file), recording console problems; navigates nowhere. */
  newPage(viewport?: { width: number; height: number }, options?: BrowserContextOptions): Promise<Opened>;
  /** A fresh page at `pathname` on the static server, once hydrated. */
  open(pathname: string, viewport?: { width: number; height: number }, options?: OpenOptions): Promise<Opened>;
}

/**
 * One browser and one static server for the test file that calls this at its
 * top level: started before its tests, and closed after them with every page
 * context it opened. `dir()` names the folder to serve; by default the built
 * site (which the suite's global setup built).
 */
export function browserSuite(dir?: () => string): BrowserSuite {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveDir>> | undefined;
  beforeAll(async () => {
    if (!dir) ensureBuilt();
    server = await serveDir(dir ? dir() : BUILD_DIR);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closePages(browser);
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the browser suite is used before its beforeAll hook ran; call browserSuite() at the top of the test file");
    return value;
  };
  const newPage: BrowserSuite["newPage"] = async (viewport = DESKTOP, options = {}) => {
    const context = await started(browser).newContext({ viewport, ...options });
    const page = await context.newPage();
    const logs: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") logs.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => logs.push(`pageerror: ${error.message}`));
    return { page, context, logs };
  };
  return {
    get origin() {
      return started(server).origin;
    },
    get browser() {
      return started(browser);
    },
    newPage,
    async open(pathname, viewport = DESKTOP, options = {}) {
      const { init, route, ...contextOptions } = options;
      const opened = await newPage(viewport, contextOptions);
      if (init) await opened.page.addInitScript(init);
      if (route) await opened.page.route(route[0], route[1]);
      await opened.page.goto(started(server).origin + pathname, { waitUntil: "domcontentloaded" });
      await hydrated(opened.page);
      return opened;
    },
  };
}

/**
 * A copy of the fixture site `name` under `npm start`'s dev server, and a browser, for the calling
 * test file; `prepare` changes the copy first. The system picks the port, so files never collide.
 */
export function devServerSuite(name: string, prepare?: (site: ReturnType<typeof copyFixture>) => void): { readonly server: DevServer; readonly browser: Browser } {
  const site = copyFixture(name);
  let server: DevServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    prepare?.(site);
    server = await startDevServer({ siteDir: site.dir, port: 0, host: "127.0.0.1", log: () => undefined });
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closePages(browser);
    await server?.close();
    site.remove();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the dev server suite is used before its beforeAll hook ran");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

/**
 * A copy of the fixture site `name`, built once for the calling test file and
 * served by a browser suite; the copy is removed after the file's tests.
 */
export function builtFixtureSuite(name: string): BrowserSuite {
  const site = copyFixture(name);
  // Registered before browserSuite's hooks, so the build exists before the server starts and the copy outlives it.
  beforeAll(() => buildSite({ siteDir: site.dir }));
  afterAll(() => site.remove());
  return browserSuite(() => path.join(site.dir, "build"));
}

/** Resolves once React has hydrated the page. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Marks the window, to tell a client-side navigation (marker kept) from a full page load (marker gone). */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
}
export const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker === true);

/** A route handler that holds the request until released. */
export function heldRoute(): { handler: (route: Route) => Promise<void>; release(): void; requested: Promise<void> } {
  let release!: () => void;
  let requestedResolve!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (requestedResolve = resolve));
  return {
    handler: async (route) => {
      requestedResolve();
      await released;
      await route.continue().catch(() => undefined);
    },
    release,
    requested,
  };
}

// Pages of the real site that the theme tests drive.
export const SECTIONS = ["graphile-config", "graphile-export", "pg-introspection", "pg-sql2", "tamedevil"];
/** A docs page with a table of contents (levels 2 and 3), a previous and a next page, inside a sidebar category. */
export const DOC = "/pg-sql2/api/sql";
/** A page reached from the pg-sql2 index's sidebar; its chunk is intercepted to simulate slow, failing and crashing pages. */
export const TARGET = "/pg-sql2/development-mode";
/** Its chunk, also when asked for again with a query (a retry after a failed load). */
export const TARGET_CHUNK = /\/assets\/page-pg-sql2-development-mode-[\w-]+\.js(\?[^/]*)?$/;
