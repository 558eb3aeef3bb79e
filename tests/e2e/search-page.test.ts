import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, ensureBuilt, sharedBrowser, closePages, serveDir } from "./support";

// The search page (/search?q=…) on the built site.

let browser: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;
const contexts: BrowserContext[] = [];
let errors: string[] = [];

beforeAll(async () => {
  ensureBuilt();
  server = await serveDir();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await closePages(browser);
  await server?.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  const seen = errors;
  errors = [];
  expect(seen).toEqual([]);
});

async function open(route: string, options: { block?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  if (options.block) await context.route("**/search-index/**", (request) => request.abort());
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !(options.block && /ERR_FAILED|Failed to load resource/.test(message.text()))) errors.push(message.text());
    if (message.type() === "warning" && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(server.origin + route);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return page;
}

const box = (page: Page) => page.getByRole("searchbox", { name: "Search the documentation" });
const heading = (page: Page) => page.locator("main h1");
const results = (page: Page) => page.locator(".searchResult");
const query = (page: Page) => new URL(page.url()).searchParams.get("q");

describe("search page", () => {
  it("without a query: its heading, and a labelled, focused box of at most 64 characters", async () => {
    const page = await open("/search");
    await expect(heading(page).textContent()).resolves.toBe("Search the documentation");
    await expect(box(page).getAttribute("maxlength")).resolves.toBe("64");
    await expect.poll(() => box(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(results(page).count()).resolves.toBe(0);
  });

  it("puts the query in q as the reader types; back and forward bring it back", async () => {
    const page = await open("/search");
    await box(page).pressSequentially("sql", { delay: 30 });
    await expect.poll(() => query(page)).toBe("sql");
    await expect.poll(() => heading(page).textContent()).toBe('Search results for "sql"');
    await results(page).first().waitFor();
    // A pause, then more typing: a new history entry.
    await page.waitForTimeout(1300);
    await box(page).pressSequentially(".join", { delay: 30 });
    await expect.poll(() => query(page)).toBe("sql.join");
    await expect.poll(() => results(page).first().locator("a").getAttribute("href")).toBe("/pg-sql2/api/sql-join");

    await page.goBack();
    await expect.poll(() => query(page)).toBe("sql");
    await expect.poll(() => box(page).inputValue()).toBe("sql");
    await expect.poll(() => heading(page).textContent()).toBe('Search results for "sql"');
    await page.goForward();
    await expect.poll(() => box(page).inputValue()).toBe("sql.join");
    await expect.poll(() => results(page).first().locator("a").getAttribute("href")).toBe("/pg-sql2/api/sql-join");
    // Before the typing began: the empty page.
    await page.goBack();
    await page.goBack();
    await expect.poll(() => box(page).inputValue()).toBe("");
    await expect.poll(() => heading(page).textContent()).toBe("Search the documentation");
  });

  it("shows the count, 20 hits, and 20 more on 'Load more results'", async () => {
    const page = await open("/search?q=sql");
    await results(page).first().waitFor();
    const countText = await page.locator(".searchPage__count").textContent();
    const count = Number(/^(\d+) results$/.exec(countText ?? "")?.[1]);
    expect(count).toBeGreaterThan(40);
    await expect(results(page).count()).resolves.toBe(20);
    await page.getByRole("button", { name: "Load more results" }).click();
    await expect.poll(() => results(page).count()).toBe(40);
    const urls = await results(page).locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(new Set(urls).size).toBe(40);
  });

  it("filters by section, with the hits of each section counted", async () => {
    const page = await open("/search?q=join");
    await results(page).first().waitFor();
    const all = Number(/^(\d+)/.exec((await page.locator(".searchPage__count").textContent()) ?? "")?.[1]);
    const select = page.getByLabel("Section");
    const options = await select.locator("option").allTextContents();
    expect(options[0]).toBe(`All sections (${all})`);
    const tamedevil = options.find((option) => option.startsWith("tamedevil ("))!;
    const expected = Number(/\((\d+)\)/.exec(tamedevil)?.[1]);
    await select.selectOption({ label: tamedevil });
    await expect.poll(() => page.locator(".searchPage__count").textContent()).toBe(`${expected} results`);
    const sections = await page.locator(".searchResult__section").allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    expect(new Set(sections)).toEqual(new Set(["tamedevil"]));
    await expect(results(page).first().locator("a").getAttribute("href")).resolves.toBe("/tamedevil/api/te-join");
  });

  it("says 'No results for' a query nothing matches", async () => {
    const page = await open("/search?q=zzqxvy");
    await page.locator(".searchPage__empty").waitFor();
    await expect(page.locator(".searchPage__empty").textContent()).resolves.toBe('No results for "zzqxvy"');
  });

  it("shows 'Unable to fetch results' when the index cannot be loaded, and tries again", async () => {
    const page = await open("/search?q=sql.raw", { block: true });
    await page.locator(".searchPage__error").waitFor();
    const text = await page.locator(".searchPage__error").textContent();
    expect(text).toContain("Unable to fetch results");
    expect(text).toContain("You might want to check your network connection.");
    await page.context().unroute("**/search-index/**");
    await page.getByRole("button", { name: "Try again" }).click();
    await results(page).first().waitFor();
    await expect(results(page).first().locator("a").getAttribute("href")).resolves.toBe("/pg-sql2/api/sql-raw");
  });

  it("reads at most 64 characters of q", async () => {
    const page = await open(`/search?q=${"a".repeat(100)}`);
    await expect.poll(() => box(page).inputValue()).toBe("a".repeat(64));
    await expect.poll(() => heading(page).textContent()).toBe(`Search results for "${"a".repeat(64)}"`);
  });

  it("renders markup in q as text", async () => {
    const markup = '<img src=x onerror="window.__injected=1"><b>bold</b>sql';
    const page = await open(`/search?q=${encodeURIComponent(markup)}`);
    await expect.poll(() => heading(page).textContent()).toBe(`Search results for "${markup}"`);
    await expect.poll(() => box(page).inputValue()).toBe(markup);
    await page.locator(".searchResult, .searchPage__empty").first().waitFor();
    await expect(page.locator("main img").count()).resolves.toBe(0);
    await expect(page.locator("main h1 b, .searchPage__empty b").count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).resolves.toBeUndefined();
  });

  it("links every hit to its page, routing client-side", async () => {
    const page = await open("/search?q=te.ref");
    await results(page).first().waitFor();
    const link = results(page).first().locator("a");
    await expect(link.getAttribute("href")).resolves.toBe("/tamedevil/api/te-ref");
    await expect(results(page).first().locator("mark").first().textContent()).resolves.toMatch(/te|ref/i);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await link.click();
    await page.waitForURL(`${server.origin}/tamedevil/api/te-ref`);
    await expect.poll(() => page.locator("article h1").first().textContent()).toBe("te.ref");
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
  });
});
