/**
 * "Try it" on runnable examples: the editor, runs in a worker against PGlite,
 * the time limit, keyboard use, and that a page downloads none of it until asked.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PLAYGROUND_TIME_LIMIT_MS } from "../../src/core/playground";
import { violationsInBothModes } from "./axe";
import { FINISHED, openPlayground as openPlaygroundOn, runPlayground as run, trimLines } from "./playgroundPage";
import { browserSuite, heldRoute } from "./support";

const site = browserSuite();

/** A page whose examples include a `query` one (it compiles a query on "Order Items"). */
const PAGE = "/pg-sql2/api/sql-identifier";

async function replaceCode(page: Page, code: string) {
  await page.locator(".playground .cm-content").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(code);
}

const openPlayground = (page: Page) => openPlaygroundOn(page, "Order Items");

describe("Try it", () => {
  it("runs the example as the page shows it, then an edited one with its new SQL and rows", async () => {
    const { page, logs } = await site.open(PAGE);
    const playground = await openPlayground(page);
    expect(await playground.locator(".cm-content").textContent()).toContain('sql.identifier("app_public", "Order Items")');
    expect(await run(page)).toMatch(/^Ran in/);
    // Unedited, it prints exactly the output block the doc tests checked.
    const shown = await page.locator(".playground + .code-block--output code").textContent();
    expect(trimLines((await playground.getByLabel("Output", { exact: true }).textContent()) ?? "")).toBe(trimLines(shown ?? ""));
    await expect(playground.getByRole("table").textContent()).resolves.toContain("Widget");

    await replaceCode(page, ['import { sql } from "pg-sql2";', "const { text, values } = sql.compile(sql`select username from users where id = ${sql.value(2)}`);", "console.log(text, values);"].join("\n"));
    expect(await run(page)).toMatch(/^Ran in/);
    expect(await playground.getByLabel("Output", { exact: true }).textContent()).toBe("select username from users where id = $1 [ 2 ]\n");
    expect(await playground.getByLabel("Query 1 text").textContent()).toBe("select username from users where id = $1");
    expect(await playground.getByRole("table").locator("tbody").textContent()).toBe("bob");
    expect(logs).toEqual([]);
  });

  it("shows what the code threw, and stops an endless loop, then runs again", async () => {
    const { page, logs } = await site.open(PAGE);
    const playground = await openPlayground(page);
    await replaceCode(page, 'import { sql } from "pg-sql2";\nsql.identifier(42);');
    expect(await run(page)).toMatch(/^Failed in/);
    await expect(playground.locator(".playground__error").textContent()).resolves.toMatch(/^Threw Error: .*sql\.identifier/);

    await replaceCode(page, "while (true) {}");
    const started = Date.now();
    expect(await run(page)).toBe(`Stopped: the example ran longer than ${PLAYGROUND_TIME_LIMIT_MS / 1000} s. You can change it and run it again.`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(PLAYGROUND_TIME_LIMIT_MS);

    // Reset brings the example back, and a fresh worker runs it.
    await page.getByRole("button", { name: "Reset" }).click();
    expect(await playground.locator(".cm-content").textContent()).toContain("Order Items");
    expect(await run(page)).toMatch(/^Ran in/);
    await expect(playground.getByRole("table").textContent()).resolves.toContain("Gadget");
    expect(logs).toEqual([]);
  });

  it("downloads nothing of the playground until Try it is pressed", async () => {
    const requested = (page: Page) => {
      const urls: string[] = [];
      page.on("request", (request) => urls.push(new URL(request.url()).pathname));
      return urls;
    };
    const used = await site.newPage();
    const afterClick = requested(used.page);
    await used.page.goto(site.origin + PAGE, { waitUntil: "networkidle" });
    const beforeClick = afterClick.length;
    await openPlayground(used.page);
    await run(used.page);
    // The browser asks for the favicon whenever it likes; the playground's files are all built assets.
    const playgroundFiles = afterClick.slice(beforeClick).filter((file) => file.startsWith("/assets/"));
    // The editor's own chunk and the page's examples come with the click (not with the page), then the worker's files and PGlite.
    expect(playgroundFiles.some((file) => /\/theme-Playground-[\w-]+\.js$/.test(file))).toBe(true);
    expect(playgroundFiles.some((file) => /\/examples-[\w-]+\.json$/.test(file))).toBe(true);
    expect(playgroundFiles.some((file) => file.endsWith(".wasm"))).toBe(true);

    const untouched = await site.newPage();
    const loaded = requested(untouched.page);
    await untouched.page.goto(site.origin + PAGE, { waitUntil: "networkidle" });
    await untouched.page.locator(".try-it__button").first().hover();
    await untouched.page.waitForTimeout(500);
    expect(loaded.filter((file) => playgroundFiles.includes(file))).toEqual([]);
  });

  it("offers Try it on a page reached by a link, whose HTML the browser never loaded", async () => {
    const { page, logs } = await site.open("/pg-sql2/");
    await page.locator("main").locator(`a[href="${PAGE}"]`).first().click();
    await page.waitForURL(`**${PAGE}`);
    await openPlayground(page);
    expect(await run(page)).toMatch(/^Ran in/);
    expect(logs).toEqual([]);
  });

  it("says so when the playground cannot be loaded, and Try again loads it", async () => {
    let failing = true;
    const examples = (route: Route) => (failing ? route.fulfill({ status: 503, body: "" }) : route.continue());
    const { page, logs } = await site.open(PAGE, undefined, { route: [/\/assets\/examples-[\w-]+\.json$/, examples] });
    const example = page.locator(".try-it").filter({ hasText: "Order Items" }).first();
    await example.getByRole("button", { name: /^Try it/ }).click();
    await expect(example.getByRole("alert").textContent()).resolves.toMatch(/^The playground could not be loaded \(.*503\)\.$/);
    failing = false;
    await example.getByRole("button", { name: /^Try again/ }).click();
    await page.getByRole("region", { name: "Example playground" }).waitFor();
    expect(logs.filter((message) => !/status of 503/.test(message))).toEqual([]);
  });

  it("opens the editor on exactly the code the page shows, the code the doc tests ran", async () => {
    const { page } = await site.open(PAGE);
    const shown = await page.locator(".try-it").filter({ hasText: "Order Items" }).first().locator("pre code").textContent();
    const playground = await openPlayground(page);
    expect((await playground.locator(".cm-line").allTextContents()).join("\n")).toBe((shown ?? "").replace(/\n$/, ""));
  });

  it("shows progress while the editor loads, starts PostgreSQL as it opens, and says so if Run comes first", async () => {
    const editorChunk = heldRoute();
    const database = heldRoute();
    const { page, logs } = await site.open(PAGE, undefined, { route: [/\/assets\/theme-Playground-[\w-]+\.js$/, editorChunk.handler] });
    await page.route(/\/assets\/database-[\w-]+\.pgdata$/, database.handler);
    // PostgreSQL itself downloads beside the database, not after it.
    const postgresRequested = Promise.all([/\/assets\/pglite-[\w-]+\.wasm$/, /\/assets\/pglite-[\w-]+\.data$/].map((file) => page.waitForRequest(file, { timeout: 20_000 })));
    await page.locator(".try-it").filter({ hasText: "Order Items" }).first().getByRole("button", { name: /^Try it/ }).click();
    await editorChunk.requested;
    const loading = page.getByRole("status").filter({ hasText: "Loading the playground…" });
    await loading.getByRole("progressbar", { name: "Loading" }).waitFor();
    editorChunk.release();
    await page.getByRole("region", { name: "Example playground" }).waitFor();

    // Asked for as the playground opens, before any Run: the first run finds PostgreSQL starting or started.
    await database.requested;
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const starting = page.locator(".playground__status").filter({ hasText: "Starting PostgreSQL (PGlite) in your browser…" });
    await starting.getByRole("progressbar", { name: "Working" }).waitFor();
    await postgresRequested;
    database.release();
    await page.waitForFunction((pattern) => new RegExp(pattern).test(document.querySelector(".playground__status")?.textContent ?? ""), FINISHED.source, { timeout: 60_000 });
    await expect(page.locator(".playground__status").textContent()).resolves.toMatch(/^Ran in/);
    expect(logs).toEqual([]);
  });

  it("reports a worker that cannot load in the playground, and the page keeps working", async () => {
    const { page, logs } = await site.open(PAGE, undefined, { route: [/\/assets\/worker-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: "" })] });
    await openPlayground(page);
    expect(await run(page)).toMatch(/^The playground could not run the example: /);
    expect(logs.filter((message) => !/status of 404/.test(message))).toEqual([]);
    // The page still works: the playground closes, and Try it opens it again.
    await page.getByRole("button", { name: "Close" }).click();
    await openPlayground(page);
    expect(await page.locator(".playground .cm-content").textContent()).toContain("Order Items");
  });

  it("works from the keyboard: Try it focuses the editor, Escape closes it and returns to the button", async () => {
    const { page } = await site.open(PAGE);
    const button = page.locator(".try-it").filter({ hasText: "Order Items" }).first().getByRole("button", { name: /^Try it/ });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "Example playground" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Example code");
    await page.keyboard.press("Control+Enter");
    await page.waitForFunction((pattern) => new RegExp(pattern).test(document.querySelector(".playground__status")?.textContent ?? ""), FINISHED.source, { timeout: 60_000 });
    await page.keyboard.press("Escape");
    await page.getByRole("region", { name: "Example playground" }).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("try-it__button");
  });

  it("has no axe violations with results shown, in light and dark mode", async () => {
    const { page } = await site.open(PAGE);
    await openPlayground(page);
    await run(page);
    expect(await violationsInBothModes(page)).toEqual([]);
  });
});
