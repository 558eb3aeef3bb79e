/** Loading pages: the delayed progress bar, failed and retried page loads, and link prefetching. */
import { describe, expect, it } from "vitest";
import { PROGRESS_BAR_DELAY_MS, PROGRESS_BAR_MINIMUM, PROGRESS_BAR_TRICKLE_RATE, PROGRESS_BAR_TRICKLE_SPEED_MS } from "../../src/core/constants";
import { browserSuite, DESKTOP, MOBILE, TARGET, TARGET_CHUNK, hydrated, markWindow, windowMarked, heldRoute } from "./support";

const site = browserSuite();

describe("loading pages", () => {
  it("marks the document hydrated only once the controls that need JavaScript are live: the colour toggle and Try it", async () => {
    // Read the moment the mark appears, before anything else can run.
    const init = () => {
      new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        (window as unknown as { atHydrated?: unknown }).atHydrated ??= {
          toggleDisabled: document.querySelector<HTMLButtonElement>(".color-mode-toggle")?.disabled,
          tryIt: document.querySelectorAll(".try-it__button").length,
          bars: document.querySelectorAll(".try-it__bar").length,
        };
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    };
    const { page } = await site.open("/pg-sql2/development-mode", DESKTOP, { init });
    const seen = (await page.evaluate(() => (window as unknown as { atHydrated?: unknown }).atHydrated)) as { toggleDisabled: boolean; tryIt: number; bars: number };
    expect(seen.bars).toBeGreaterThan(0);
    expect(seen).toEqual({ toggleDisabled: false, tryIt: seen.bars, bars: seen.bars });
  });

  it("shows the progress bar only after the delay, trickles it and completes it when the route has rendered", async () => {
    // Held from the start: links in view prefetch their pages as soon as the page is up.
    const held = heldRoute();
    const { page } = await site.open("/pg-sql2", DESKTOP, { route: [TARGET_CHUNK, held.handler] });
    await page.evaluate(() => {
      (window as unknown as { __progress: number[] }).__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>(".route-progress");
        if (bar?.dataset.progress) (window as unknown as { __progress: number[] }).__progress.push(Number(bar.dataset.progress));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-progress"] });
    });
    const clickedAt = Date.now();
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    await page.waitForTimeout(PROGRESS_BAR_DELAY_MS - 120);
    expect(await page.locator(".route-progress").count()).toBe(0);
    await page.locator(".route-progress").waitFor({ state: "attached" });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(PROGRESS_BAR_DELAY_MS - 10);
    await page.waitForTimeout(PROGRESS_BAR_TRICKLE_SPEED_MS + 150);
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(progress[0]).toBeCloseTo(PROGRESS_BAR_MINIMUM, 3);
    expect(progress).toContainEqual(Number((PROGRESS_BAR_MINIMUM + PROGRESS_BAR_TRICKLE_RATE).toFixed(3)));
    expect(page.url()).toBe(site.origin + "/pg-sql2");
    held.release();
    await page.waitForURL(site.origin + TARGET);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress.at(-1))).toBe(1);
    await page.locator(".route-progress").waitFor({ state: "detached" });
  });

  it("shows no progress bar when the new route renders within the delay", async () => {
    const { page } = await site.open("/pg-sql2");
    const link = page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" });
    // Visited once, so following the link again needs nothing from the network.
    await link.click();
    await page.waitForURL(site.origin + TARGET);
    await page.goBack();
    await page.waitForURL(site.origin + "/pg-sql2");
    await page.locator(".route-progress").waitFor({ state: "detached" });
    // The page's clock stands still from here (only the test moves it): however long a busy machine
    // takes to render the page, the route has rendered before the delay passes. In real time a CI
    // run on a loaded host rendered this long page in over 200 ms, and the bar rightly showed.
    await page.clock.install();
    await page.evaluate(() => {
      (window as unknown as { __sawBar: boolean }).__sawBar = false;
      new MutationObserver(() => {
        if (document.querySelector(".route-progress")) (window as unknown as { __sawBar: boolean }).__sawBar = true;
      }).observe(document.body, { childList: true });
    });
    await link.click();
    await page.waitForURL(site.origin + TARGET);
    await page.getByRole("heading", { level: 1, name: "Development mode" }).waitFor();
    await page.clock.runFor(PROGRESS_BAR_DELAY_MS + PROGRESS_BAR_TRICKLE_SPEED_MS);
    // The bar's script and styles load on their own when its delay fires: give them time to arrive.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __sawBar: boolean }).__sawBar)).toBe(false);
    await expect(page.locator(".route-progress").count()).resolves.toBe(0);
  });

  it("logs a warning and loads the page in full when its code cannot be preloaded", async () => {
    const { page, logs } = await site.open("/pg-sql2", DESKTOP, { route: [TARGET_CHUNK, (route) => route.abort()] });
    await markWindow(page);
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(site.origin + TARGET);
    await page.waitForLoadState("load");
    await expect.poll(() => windowMarked(page)).toBe(false);
    expect(logs.some((line) => /warning: Could not load \/pg-sql2\/development-mode .*reloading the page instead/.test(line))).toBe(true);
  });

  it("shows the error and a Retry button when a page fails to load, a spinner while retrying, then the page", async () => {
    const { page } = await site.newPage(MOBILE);
    await page.route(TARGET_CHUNK, (route) => route.abort());
    // This spelling is answered with 404.html, so there is no server-rendered article to keep
    // (a direct load of the page's own HTML keeps it: tests/e2e/reliability-chunks.test.ts).
    await page.goto(site.origin + TARGET.toUpperCase());
    await hydrated(page);
    const alert = page.getByRole("alert");
    await expect(alert.locator("h1").textContent()).resolves.toBe("This page could not be loaded");
    expect(((await alert.locator(".load-error__text").textContent()) ?? "").length).toBeGreaterThan(5);
    await page.unroute(TARGET_CHUNK);
    const held = heldRoute();
    await page.route(TARGET_CHUNK, held.handler);
    await alert.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("status").waitFor({ state: "visible" });
    await expect(page.locator(".loading__spinner").isVisible()).resolves.toBe(true);
    held.release();
    await page.locator("article h1").first().waitFor({ state: "visible" });
    await expect(page.locator("article h1").first().textContent()).resolves.toMatch(/development mode/i);
  });
});

describe("prefetching", () => {
  it("loads a page's code when the reader points at its link, not merely because the link is on screen", async () => {
    const requested: string[] = [];
    const { page } = await site.newPage();
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(site.origin + "/pg-sql2", { waitUntil: "domcontentloaded" });
    await hydrated(page);
    await page.waitForTimeout(300);
    const pageChunks = () => requested.filter((file) => file.startsWith("/assets/page-"));
    expect(pageChunks()).toEqual([expect.stringMatching(/^\/assets\/page-pg-sql2-index-/)]);
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).hover();
    await expect.poll(() => pageChunks().some((file) => TARGET_CHUNK.test(file))).toBe(true);
  });

  it("does not prefetch on a data-saver connection, and still navigates", async () => {
    const { page } = await site.open("/pg-sql2", DESKTOP, {
      init: () => Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true, effectiveType: "4g" } }),
    });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const link = page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" });
    await link.dispatchEvent("touchstart");
    await link.hover();
    await page.waitForTimeout(300);
    expect(requested.filter((file) => TARGET_CHUNK.test(file))).toEqual([]);
    await link.click();
    await page.waitForURL(site.origin + TARGET);
    expect(requested.filter((file) => TARGET_CHUNK.test(file))).toHaveLength(1);
  });
});

describe("prefetching and the reader's connection", () => {
  /** What pointing at the navbar's link to another docs section fetches: that section's route index, route chunk and sidebar, and its index page's code. */
  const OTHER_SECTION = "/tamedevil";
  const prefetched = (file: string) =>
    /^\/route-index\/tamedevil\.json$/.test(file) || /^\/assets\/(routes|sidebar)-tamedevil-[\w-]+\.json$/.test(file) || /^\/assets\/page-tamedevil-index-[\w-]+\.js$/.test(file);

  async function hoverOtherSection(connection: { effectiveType: string; saveData: boolean }): Promise<{ requested: string[]; wait(ms: number): Promise<void> }> {
    const { page } = await site.newPage(DESKTOP);
    // navigator.connection as Chromium reports it on such a link (read by the app on every hover).
    await page.addInitScript((value) => Object.defineProperty(navigator, "connection", { configurable: true, value }), connection);
    await page.goto(site.origin + "/pg-sql2", { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.locator(`.navbar a[href="${OTHER_SECTION}"]`).hover();
    return { requested, wait: (ms) => page.waitForTimeout(ms) };
  }

  it("fetches the other section's route data and page code on hover over a normal connection", async () => {
    const { requested } = await hoverOtherSection({ effectiveType: "4g", saveData: false });
    await expect.poll(() => requested.filter(prefetched).length, { timeout: 10_000 }).toBe(4);
  });

  it.each([
    ["a 2g connection", { effectiveType: "2g", saveData: false }],
    ["a slow-2g connection", { effectiveType: "slow-2g", saveData: false }],
    ["data saver on a fast connection", { effectiveType: "4g", saveData: true }],
  ])("fetches nothing on hover with %s", async (_name, connection) => {
    const { requested, wait } = await hoverOtherSection(connection);
    // Longer than the normal connection needs to start both requests.
    await wait(1_500);
    expect(requested.filter(prefetched)).toEqual([]);
  });
});
