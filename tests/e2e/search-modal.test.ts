import type { Browser, BrowserContext, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { violationsInBothModes } from "./axe";
import { BUILD_DIR, DESKTOP, ensureBuilt, sharedBrowser, closePages, serveDir } from "./support";

// The search modal on the built site: the button, the shortcuts, the modal's screens and hits.

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

/** A fresh context (empty local storage) with a page on `route`, hydrated. Requests are recorded from the start. */
async function open(route: string, options: { block?: boolean } = {}): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  if (options.block) await context.route("**/search-index/**", (request) => request.abort());
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A blocked index request is logged by the browser itself; that one is expected.
    if (message.type() === "error" && !(options.block && /ERR_FAILED|Failed to load resource/.test(message.text()))) errors.push(message.text());
  });
  await page.goto(server.origin + route);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { page, requests };
}

const button = (page: Page) => page.getByRole("button", { name: "Search", exact: true });
const input = (page: Page) => page.locator(".DocSearch-Input");
const modal = (page: Page) => page.locator(".DocSearch-Modal");

async function search(page: Page, query: string) {
  await input(page).fill(query);
  await page.locator(".DocSearch-Hit a").first().waitFor();
}

async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

describe("search button", () => {
  it("keeps the modal, DocSearch, the engine and the index out of the first page load", async () => {
    const html = readFileSync(path.join(BUILD_DIR, "pg-sql2", "index.html"), "utf8");
    expect(html).not.toMatch(/SearchModal|searchBackend|search-index/);
    const { page, requests } = await open("/pg-sql2");
    await page.waitForTimeout(500);
    expect(requests.filter((url) => /SearchModal|searchBackend|search-index/.test(url))).toEqual([]);
    await expect(modal(page).count()).resolves.toBe(0);
  });

  it("is a labelled 'Search' button with a keyboard hint", async () => {
    const { page } = await open("/");
    await expect(button(page).isVisible()).resolves.toBe(true);
    await expect(button(page).textContent()).resolves.toMatch(/^Search(Ctrl|⌘)K$/);
    await expect(button(page).getAttribute("aria-keyshortcuts")).resolves.toContain("Control+K");
  });

  it("preloads the modal's code and the index on hover, without opening", async () => {
    const { page, requests } = await open("/graphile-config");
    await button(page).hover();
    await expect.poll(() => requests.some((url) => /SearchModal/.test(url)), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => requests.includes("/search-index/manifest.json"), { timeout: 10_000 }).toBe(true);
    await expect(modal(page).count()).resolves.toBe(0);
  });

  it("preloads on keyboard focus too", async () => {
    const { page, requests } = await open("/graphile-config");
    await button(page).focus();
    await expect.poll(() => requests.some((url) => /SearchModal/.test(url)), { timeout: 10_000 }).toBe(true);
  });
});

describe("opening and closing", () => {
  it("opens on click with the 'Search docs' placeholder and the input focused; closes on Escape", async () => {
    const { page } = await open("/pg-sql2");
    await button(page).click();
    await input(page).waitFor();
    await expect(input(page).getAttribute("placeholder")).resolves.toBe("Search docs");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("docsearch-input");
    await page.keyboard.press("Escape");
    await expect.poll(() => modal(page).count()).toBe(0);
    // Focus goes back to the button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("searchBar"))).toBe(true);
  });

  it("closes on Cancel and on a click outside the modal", async () => {
    const { page } = await open("/pg-sql2");
    await button(page).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => modal(page).count()).toBe(0);
    await button(page).click();
    await input(page).waitFor();
    await page.mouse.click(10, 880);
    await expect.poll(() => modal(page).count()).toBe(0);
  });

  it("opens with Ctrl+K and with Cmd+K (which also close it)", async () => {
    const { page } = await open("/tamedevil");
    await page.keyboard.press("Control+k");
    await input(page).waitFor();
    await page.keyboard.press("Control+k");
    await expect.poll(() => modal(page).count()).toBe(0);
    await page.keyboard.press("Meta+k");
    await input(page).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => modal(page).count()).toBe(0);
  });

  it("opens with / when no input has focus, and leaves / to an input that has it", async () => {
    const { page } = await open("/tamedevil");
    await page.keyboard.press("/");
    await input(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe("");
    await page.keyboard.press("Escape");
    await expect.poll(() => modal(page).count()).toBe(0);

    const { page: searchPage } = await open("/search");
    const box = searchPage.getByRole("searchbox", { name: "Search the documentation" });
    await box.focus();
    await searchPage.keyboard.type("a/b");
    await searchPage.waitForTimeout(300);
    await expect(modal(searchPage).count()).resolves.toBe(0);
    await expect(box.inputValue()).resolves.toBe("a/b");
  });

  it("opens with the letter typed on the focused button", async () => {
    const { page } = await open("/pg-sql2");
    await button(page).focus();
    await page.keyboard.press("s");
    await input(page).waitFor();
    await expect.poll(() => input(page).inputValue()).toBe("s");
  });
});

describe("hits", () => {
  it("are real links to their own URLs and route client-side on click", async () => {
    const { page } = await open("/graphile-config");
    await button(page).click();
    await search(page, "sql.identifier");
    const first = page.locator(".DocSearch-Hit a").first();
    await expect(first.getAttribute("href")).resolves.toBe("/pg-sql2/api/sql-identifier");
    const hrefs = await page.locator(".DocSearch-Hit a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.every((href) => href?.startsWith("/"))).toBe(true);
    await expect(page.locator(".DocSearch-Hit mark").first().textContent()).resolves.toMatch(/sql|identifier/i);
    await markWindow(page);
    await first.click();
    await page.waitForURL(`${server.origin}/pg-sql2/api/sql-identifier`);
    await expect.poll(() => page.locator("article h1").first().textContent()).toBe("sql.identifier");
    await expect(modal(page).count()).resolves.toBe(0);
    expect(await sameDocument(page)).toBe(true);
  });

  it("move with the arrow keys and open with Enter", async () => {
    const { page } = await open("/tamedevil");
    await page.keyboard.press("Control+k");
    await search(page, "te.ref");
    // Each hit's link is its option, so the selection is announced on the link a reader opens.
    const items = page.getByRole("option");
    await expect.poll(() => items.first().getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => items.nth(1).getAttribute("aria-selected")).toBe("true");
    await expect(items.first().getAttribute("aria-selected")).resolves.toBe("false");
    // The selected hit is the highlighted one.
    const background = (index: number) => items.nth(index).evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(await background(1)).not.toBe(await background(0));
    const active = await input(page).getAttribute("aria-activedescendant");
    await expect(items.nth(1).getAttribute("id")).resolves.toBe(active);
    const target = await items.nth(1).getAttribute("href");
    await markWindow(page);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.origin}${target}`);
    expect(await sameDocument(page)).toBe(true);
  });

  it("open in a new tab with Ctrl+click, leaving this page as it was", async () => {
    const { page } = await open("/pg-sql2");
    await button(page).click();
    await search(page, "sql.raw");
    const first = page.locator(".DocSearch-Hit a").first();
    const href = await first.getAttribute("href");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), first.click({ modifiers: ["Control"] })]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe(href);
    expect(new URL(page.url()).pathname).toBe("/pg-sql2");
    await tab.close();
  });

  it("come from the current section first, with other sections still listed", async () => {
    const { page } = await open("/tamedevil");
    await page.keyboard.press("Control+k");
    await search(page, "join");
    const groups = await page.locator(".DocSearch-Hit-source").allTextContents();
    expect(groups[0]).toBe("tamedevil");
    expect(groups).toContain("pg-sql2");
    await expect(page.locator(".DocSearch-Hit a").first().getAttribute("href")).resolves.toBe("/tamedevil/api/te-join");

    const { page: other } = await open("/pg-sql2");
    await other.keyboard.press("Control+k");
    await search(other, "join");
    await expect(other.locator(".DocSearch-Hit-source").first().textContent()).resolves.toBe("pg-sql2");
    await expect(other.locator(".DocSearch-Hit a").first().getAttribute("href")).resolves.toBe("/pg-sql2/api/sql-join");
  });

  it("show query text as text, never as markup", async () => {
    const { page } = await open("/");
    await button(page).click();
    await input(page).fill('<img src=x onerror="window.__injected=1">sql');
    await page.locator(".DocSearch-Hit, .DocSearch-NoResults").first().waitFor();
    await expect(page.locator(".DocSearch-Modal img").count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).resolves.toBeUndefined();
  });
});

describe("screens", () => {
  it("say 'No results for' a query nothing matches", async () => {
    const { page } = await open("/");
    await button(page).click();
    await input(page).fill("zzqxvy");
    await page.locator(".DocSearch-NoResults").waitFor();
    await expect(page.locator(".DocSearch-NoResults .DocSearch-Title").textContent()).resolves.toBe('No results for "zzqxvy"');
  });

  it("show 'Unable to fetch results' when the index cannot be loaded", async () => {
    const { page } = await open("/pg-sql2", { block: true });
    await button(page).click();
    await input(page).fill("sql");
    await page.locator(".DocSearch-ErrorScreen").waitFor();
    const text = await page.locator(".DocSearch-ErrorScreen").textContent();
    expect(text).toContain("Unable to fetch results");
    expect(text).toContain("You might want to check your network connection.");
    await expect(page.locator(".DocSearch-NoResults").isVisible()).resolves.toBe(false);
    // Once the index can be fetched again, the next query gets results.
    await page.context().unroute("**/search-index/**");
    await input(page).fill("sql.raw");
    await page.locator(".DocSearch-Hit a").first().waitFor();
    await expect(page.locator(".DocSearch-ErrorScreen").count()).resolves.toBe(0);
  });

  it("link to the search page: 'See all {count} results'", async () => {
    const { page } = await open("/graphile-config");
    await button(page).click();
    await search(page, "sql.join");
    const footer = page.locator(".searchModal__seeAll");
    const label = await footer.textContent();
    const count = /^See all (\d+) results$/.exec(label ?? "")?.[1];
    expect(count).toBeDefined();
    await expect(footer.getAttribute("href")).resolves.toBe("/search?q=sql.join");
    await markWindow(page);
    await footer.click();
    await page.waitForURL(`${server.origin}/search?q=sql.join`);
    await expect.poll(() => page.locator("main h1").textContent()).toBe('Search results for "sql.join"');
    await expect.poll(() => page.locator(".searchPage__count").textContent()).toBe(`${count} results`);
    await expect(modal(page).count()).resolves.toBe(0);
    expect(await sameDocument(page)).toBe(true);
  });

  it("keep recent and favourite searches across reloads", async () => {
    const { page } = await open("/tamedevil");
    await button(page).click();
    await search(page, "te.lit");
    await page.locator(".DocSearch-Hit a").first().click();
    await page.waitForURL(/\/tamedevil\/api\/te-lit/);

    await button(page).click();
    await page.locator(".DocSearch-Hit-source", { hasText: "Recent" }).waitFor();
    await expect(page.locator(".DocSearch-Hit-title").first().textContent()).resolves.toBe("te.lit");
    await page.getByTitle("Save this search").first().click();
    await page.locator(".DocSearch-Hit-source", { hasText: "Favorite" }).waitFor();
    await page.keyboard.press("Escape");

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await button(page).click();
    await page.locator(".DocSearch-Hit-source", { hasText: "Favorite" }).waitFor();
    await expect(page.locator(".DocSearch-Hit-title").first().textContent()).resolves.toBe("te.lit");
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("__DOCSEARCH_")));
    expect(stored).toContain("__DOCSEARCH_FAVORITE_SEARCHES__docs");
  });
});

describe("accessibility", () => {
  const MODAL = { include: ".DocSearch-Container" };

  it("the modal's screens pass axe (contrast included) in light and dark mode", async () => {
    const { page } = await open("/");
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    const problems: string[] = [];
    for (const [screen, query] of [["start", ""], ["results", "sql.identifier"], ["no results", "zzqxvy"]] as const) {
      await page.goto(`${server.origin}/pg-sql2`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      // Each page opens in the mode the last one was left in.
      expect(await page.locator("html").getAttribute("data-theme")).toBe(await page.evaluate(() => localStorage.getItem("theme")));
      await button(page).click();
      await input(page).waitFor();
      if (query) {
        await input(page).fill(query);
        await page.locator(".DocSearch-Hit, .DocSearch-NoResults").first().waitFor();
      }
      await page.waitForTimeout(400); // transitions
      problems.push(...(await violationsInBothModes(page, MODAL)).map((line) => `${screen}: ${line}`));
    }
    // Opening a hit keeps it as a recent search, with its own Save and Remove buttons.
    await input(page).fill("sql.identifier");
    await page.locator(".DocSearch-Hit a").first().waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(/sql-identifier/);
    await button(page).click();
    await page.locator(".DocSearch-Hit-action-button").first().waitFor();
    await page.waitForTimeout(400);
    // Known, not fixed: DocSearch puts a recent search's Save and Remove buttons inside its
    // option, and a listbox may hold nothing else, so there is no place for them that axe
    // accepts short of replacing DocSearch's start screen. Every other rule still applies here.
    const recent = (await violationsInBothModes(page, MODAL)).filter((line) => !/^(light|dark): nested-interactive \(\w+\): .* at #docsearch-(recent|favorite)Searches-item-\d+ \(/.test(line));
    problems.push(...recent.map((line) => `recent: ${line}`));
    expect(problems).toEqual([]);
  });

  it("makes the modal a labelled modal dialog", async () => {
    const { page } = await open("/pg-sql2");
    await button(page).click();
    await input(page).waitFor();
    await expect(page.getByRole("dialog", { name: "Search" }).count()).resolves.toBe(1);
    await expect(page.getByRole("searchbox", { name: "Search" }).isVisible()).resolves.toBe(true);
  });
});
