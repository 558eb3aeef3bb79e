/**
 * The reader-facing theme in a real browser, against the built site: the
 * screens, the chrome and its behaviours, at 1280 px and 375 px, and the
 * errors of spec section 8 that only show in a browser, and an axe-core
 * accessibility pass over every screen in both colour modes and widths.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from "playwright-core";
import { collapseDurationMs } from "../../src/core/collapseDuration";
import {
  COLOR_MODE_STORAGE_KEY,
  DESKTOP_BREAKPOINT_PX,
  MOBILE_MENU_BACK_LABEL,
  PREFERRED_VERSION_STORAGE_PREFIX,
  PROGRESS_BAR_DELAY_MS,
  PROGRESS_BAR_MINIMUM,
  PROGRESS_BAR_TRICKLE_RATE,
  PROGRESS_BAR_TRICKLE_SPEED_MS,
  SMOOTH_SCROLL_EASING_FACTOR,
} from "../../src/core/constants";
import path from "node:path";
import { BUILD_DIR, DESKTOP, ensureBuilt, launchBrowser, MOBILE, ROOT, serveDir } from "./support";

const SECTIONS = ["graphile-config", "graphile-export", "pg-introspection", "pg-sql2", "tamedevil"];
/** A docs page with a table of contents (levels 2 and 3), a previous and a next page, inside a sidebar category. */
const DOC = "/pg-sql2/api/sql";
/** A page reached from the pg-sql2 index's sidebar; its chunk is intercepted to simulate slow, failing and crashing pages. */
const TARGET = "/pg-sql2/development-mode";
const TARGET_CHUNK = /\/assets\/page-pg-sql2-development-mode-[\w-]+\.js$/;

let browser: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;
const contexts: BrowserContext[] = [];

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught errors. */
  logs: string[];
}

async function newPage(viewport = DESKTOP, options: BrowserContextOptions = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport, ...options });
  contexts.push(context);
  const page = await context.newPage();
  const logs: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") logs.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => logs.push(`pageerror: ${error.message}`));
  return { page, context, logs };
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function open(
  path: string,
  viewport = DESKTOP,
  options: BrowserContextOptions & { init?: () => void; route?: [RegExp, (route: Route) => unknown] } = {},
): Promise<Opened> {
  const { init, route, ...contextOptions } = options;
  const opened = await newPage(viewport, contextOptions);
  if (init) await opened.page.addInitScript(init);
  if (route) await opened.page.route(route[0], route[1]);
  await opened.page.goto(server.origin + path, { waitUntil: "domcontentloaded" });
  await hydrated(opened.page);
  return opened;
}

/** Marks the window, to tell a client-side navigation (marker kept) from a full page load (marker gone). */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
}
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker === true);

/** A route handler that holds the request until released. */
function heldRoute(): { handler: (route: Route) => Promise<void>; release(): void; requested: Promise<void> } {
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

beforeAll(async () => {
  ensureBuilt();
  server = await serveDir(BUILD_DIR);
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await server?.close();
});

describe("the landing page", () => {
  it.each([
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ])("shows the title, a tagline and a card per library linking to its section (%s)", async (_name, viewport) => {
    const { page, logs } = await open("/", viewport);
    await expect(page.locator("main h1").textContent()).resolves.toBe("Graphile*");
    const tagline = (await page.locator(".home__tagline").textContent()) ?? "";
    expect(tagline.length).toBeGreaterThan(10);
    const cards = page.locator(".home__card");
    await expect(cards.count()).resolves.toBe(SECTIONS.length);
    for (let index = 0; index < SECTIONS.length; index++) {
      const card = cards.nth(index);
      await expect(card.locator("a").getAttribute("href")).resolves.toMatch(new RegExp(`^/${SECTIONS[index]}/?$`));
      expect(((await card.locator(".home__card-summary").textContent()) ?? "").length).toBeGreaterThan(10);
    }
    await markWindow(page);
    await cards.nth(3).click({ position: { x: 30, y: 100 } });
    await page.waitForURL(/\/pg-sql2\/?$/);
    await expect(page.locator("article h1").first().textContent()).resolves.toBe("pg-sql2");
    expect(await windowMarked(page)).toBe(true);
    expect(logs).toEqual([]);
  });
});

describe("chrome", () => {
  it("makes the skip link the first focusable element, and it moves focus to the main content", async () => {
    const { page } = await open(DOC);
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused.textContent()).resolves.toBe("Skip to main content");
    const box = await focused.boundingBox();
    expect(box && box.y >= 0 && box.height > 10).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main-content");
  });

  it("shows the announcement bar, which says the docs are a work in progress and cannot be closed", async () => {
    const { page } = await open(DOC, MOBILE);
    const bar = page.getByRole("region", { name: "Announcement" });
    await expect(bar.textContent()).resolves.toMatch(/work in progress/i);
    await expect(bar.locator("button").count()).resolves.toBe(0);
  });

  it("keeps the navbar at the top while scrolling, with doc items resolved to their sections and the external link on the right", async () => {
    const { page } = await open(DOC);
    const navbar = page.getByRole("navigation", { name: "Main" });
    const left = navbar.locator(".navbar__items--left a");
    await expect(left.allTextContents()).resolves.toEqual(SECTIONS);
    const hrefs = await left.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(SECTIONS.map((section) => `/${section}`));
    await expect(navbar.locator('.navbar__items--left a[aria-current="page"]').textContent()).resolves.toBe("pg-sql2");
    const github = navbar.locator(".navbar__items--right a");
    await expect(github.getAttribute("href")).resolves.toBe("https://github.com/graphile/crystal");
    await expect(github.getAttribute("target")).resolves.toBe("_blank");
    await expect(github.getAttribute("rel")).resolves.toContain("noopener");
    await page.evaluate(() => window.scrollTo(0, 2500));
    await page.waitForTimeout(50);
    const box = await navbar.boundingBox();
    expect(box?.y).toBe(0);
    await expect(navbar.isVisible()).resolves.toBe(true);
  });

  it("shows the search button in the navbar at both widths", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await open(DOC, viewport);
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" }).isVisible()).resolves.toBe(true);
    }
  });

  it("has a footer with the docs sections, community links, the source code, a logo and the copyright", async () => {
    const { page } = await open(DOC);
    const footer = page.locator("footer");
    const columns = footer.locator(".footer__column");
    await expect(columns.locator("h2").allTextContents()).resolves.toEqual(["Docs", "Community", "More"]);
    await expect(columns.nth(0).locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).resolves.toEqual(
      // Written "/pg-sql2/" in the config; rendered in canonical form (spec section 2: no trailing slash).
      SECTIONS.map((section) => `/${section}`),
    );
    expect(await columns.nth(1).locator("a").count()).toBeGreaterThan(1);
    await expect(columns.nth(2).getByRole("link", { name: /Source code/ }).getAttribute("href")).resolves.toMatch(/^https:\/\/github\.com\//);
    await expect(footer.locator("img.footer__logo").isVisible()).resolves.toBe(true);
    await expect(footer.locator(".footer__copyright").textContent()).resolves.toMatch(/^Copyright ©/);
  });

  it("fits a 320 px screen without sideways scrolling on every screen", async () => {
    const { page } = await newPage({ width: 320, height: 640 });
    for (const path of ["/", DOC, "/search", "/no/such/page", "/graphile-config/plugin/middleware"]) {
      await page.goto(server.origin + path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

describe("colour mode", () => {
  it("starts light, ignoring a dark system preference, and the toggle flips light and dark, stored under 'theme'", async () => {
    const { page } = await open(DOC, DESKTOP, { colorScheme: "dark" });
    const html = page.locator("html");
    await expect(html.getAttribute("data-theme")).resolves.toBe("light");
    const toggle = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ });
    await expect(toggle.getAttribute("aria-label")).resolves.toContain("currently light mode");
    await toggle.click();
    await expect(html.getAttribute("data-theme")).resolves.toBe("dark");
    await expect(toggle.getAttribute("aria-label")).resolves.toContain("currently dark mode");
    await expect(page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).resolves.toBe("dark");
    await toggle.click();
    await expect(html.getAttribute("data-theme")).resolves.toBe("light");
    await expect(page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).resolves.toBe("light");
  });

  it("applies the stored mode before any script of the app runs (no flash of the wrong mode)", async () => {
    const { page } = await newPage();
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // No module script at all: only the inline script in the head can set the mode.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(server.origin + DOC);
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
  });

  it("follows a change made in another tab", async () => {
    const { page, context } = await open(DOC);
    const other = await context.newPage();
    await other.goto(server.origin + "/");
    await hydrated(other);
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ }).click();
    await other.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await expect(other.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between/ }).getAttribute("aria-label")).resolves.toContain(
      "currently dark mode",
    );
  });
});

describe("the mobile menu", () => {
  it("opens on the current section's sidebar, goes back to the main menu, locks the page's scrolling and closes on Escape", async () => {
    const { page } = await open(DOC, MOBILE);
    const toggle = page.getByRole("button", { name: "Open navigation menu" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.waitFor({ state: "visible" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(page.evaluate(() => getComputedStyle(document.body).overflow)).resolves.toBe("hidden");
    // The secondary menu: the section's sidebar, with the current page marked.
    const secondary = dialog.getByRole("navigation", { name: "Docs sidebar" });
    await expect(secondary.locator('[aria-current="page"]').textContent()).resolves.toBe("sql");
    const back = dialog.getByRole("button", { name: MOBILE_MENU_BACK_LABEL });
    await expect(back.textContent()).resolves.toBe("← Back to main menu");
    await back.click();
    // The primary menu: the navbar items.
    const primary = dialog.getByRole("navigation", { name: "Main menu" });
    await expect(primary.getByRole("link").allTextContents()).resolves.toEqual([...SECTIONS, expect.stringContaining("GitHub")]);
    await expect(secondary.isVisible()).resolves.toBe(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe("");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Open navigation menu");
  });

  it("keeps focus inside while open, and closes from the backdrop or the close button", async () => {
    const { page } = await open(DOC, MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.waitFor({ state: "visible" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Close navigation menu");
    for (let index = 0; index < 30; index++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"))).toBe(true);
    await page.mouse.click(360, 400);
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: "Close navigation menu" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("navigates from the menu and closes", async () => {
    const { page } = await open("/pg-sql2", MOBILE);
    await markWindow(page);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(server.origin + TARGET);
    await dialog.waitFor({ state: "hidden" });
    expect(await windowMarked(page)).toBe(true);
  });

  it("shows only the main menu where there is no sidebar", async () => {
    const { page } = await open("/", MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.getByRole("navigation", { name: "Main menu" }).waitFor({ state: "visible" });
    await expect(dialog.getByRole("button", { name: MOBILE_MENU_BACK_LABEL }).count()).resolves.toBe(0);
  });

  it("is forced hidden when the layout becomes desktop", async () => {
    const { page } = await open(DOC, MOBILE);
    // By id: at desktop width the toggle is not displayed, so not found by role.
    const toggle = page.locator("#navbar-menu-toggle");
    await toggle.click();
    await page.getByRole("dialog", { name: "Navigation menu" }).waitFor({ state: "visible" });
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe("");
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole("dialog", { name: "Navigation menu" }).isVisible()).resolves.toBe(false);
  });

  it("is not in the desktop layout (wider than 996 px), where the navbar shows its items", async () => {
    const { page } = await open(DOC, { width: DESKTOP_BREAKPOINT_PX, height: 800 });
    const toggle = page.locator("#navbar-menu-toggle");
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(page.locator(".navbar__items--left").isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX + 1, height: 800 });
    await expect(toggle.isVisible()).resolves.toBe(false);
    await expect(page.locator(".navbar__items--left").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("navigation", { name: "Docs sidebar" }).isVisible()).resolves.toBe(true);
  });
});

describe("a docs page", () => {
  it("has a sidebar, breadcrumbs, an article, the table of contents, an edit link and previous/next links", async () => {
    const { page, logs } = await open(DOC);
    const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
    await expect(sidebar.locator(".doc-sidebar__title").textContent()).resolves.toBe("pg-sql2");
    const active = sidebar.locator('[aria-current="page"]');
    await expect(active.textContent()).resolves.toBe("sql");
    await expect(active.getAttribute("class")).resolves.toContain("is-active");

    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(crumbs.getByRole("link", { name: "Home page" }).getAttribute("href")).resolves.toBe("/");
    await expect(crumbs.getByRole("link", { name: "pg-sql2" }).count()).resolves.toBe(1);
    await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe("sql");

    const toc = page.getByRole("navigation", { name: "On this page" }).first();
    await expect(toc.isVisible()).resolves.toBe(true);
    const levels = await toc.locator("a").evaluateAll((links) =>
      links.map((link) => document.getElementById(decodeURIComponent(link.getAttribute("href")!.slice(1)))?.tagName),
    );
    expect(levels.length).toBeGreaterThan(3);
    expect(new Set(levels)).toEqual(new Set(["H2", "H3"]));

    const edit = page.getByRole("link", { name: /Edit this page/ });
    await expect(edit.getAttribute("href")).resolves.toBe("https://github.com/graphile/graphile-docs/edit/main/docs/pg-sql2/api/sql.md");

    const pager = page.getByRole("navigation", { name: "Docs pages" });
    await expect(pager.locator(".paginator__label").allTextContents()).resolves.toEqual(["Previous", "Next"]);
    expect(logs).toEqual([]);
  });

  it("goes to the next page client-side and scrolls to the top", async () => {
    const { page } = await open(DOC);
    await markWindow(page);
    const next = page.getByRole("navigation", { name: "Docs pages" }).locator(".paginator__link--next");
    const href = await next.getAttribute("href");
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await next.click();
    await page.waitForURL(server.origin + href);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await windowMarked(page)).toBe(true);
  });

  it("scrolls to the hash target after navigating to an address with a hash", async () => {
    const { page } = await open("/pg-sql2");
    await markWindow(page);
    // Back/forward-style navigation: the router follows the history entry, the theme loads the page and scrolls.
    await page.evaluate(() => {
      window.history.pushState({}, "", "/pg-sql2/api/sql#examples");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.locator("#examples").waitFor({ state: "attached" });
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById("examples")!.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    expect(await windowMarked(page)).toBe(true);
  });

  it("highlights the heading being read in the table of contents", async () => {
    const { page } = await open(DOC);
    const toc = page.getByRole("navigation", { name: "On this page" }).first();
    const links = toc.locator("a");
    await expect(toc.locator('[aria-current="location"]').textContent()).resolves.toBe(await links.first().textContent());
    await links.nth(2).click();
    const third = (await links.nth(2).textContent())!;
    await expect.poll(() => toc.locator('[aria-current="location"]').textContent()).toBe(third);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await links.last().textContent())!;
    await expect.poll(() => toc.locator('[aria-current="location"]').textContent()).toBe(last);
  });

  it("folds the table of contents into a collapsible 'On this page' on mobile", async () => {
    const { page } = await open(DOC, MOBILE);
    const button = page.getByRole("button", { name: "On this page" });
    await expect(button.getAttribute("aria-expanded")).resolves.toBe("false");
    const list = page.locator("#toc-mobile-list");
    await expect(list.isVisible()).resolves.toBe(false);
    await button.click();
    await expect(button.getAttribute("aria-expanded")).resolves.toBe("true");
    await list.waitFor({ state: "visible" });
    const link = list.locator("a").nth(1);
    const id = decodeURIComponent((await link.getAttribute("href"))!.slice(1));
    await link.click();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id)).toBeLessThan(120);
  });

  it("collapses and expands sidebar categories with an ease-in-out animation as long as their height asks", async () => {
    const { page } = await open("/pg-sql2");
    const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
    const caret = sidebar.getByRole("button", { name: /sidebar category 'API reference'/ });
    // Record the animation as it starts: it is over before a later look could catch it.
    await page.evaluate(() => {
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, keyframes, options) {
        (window as unknown as { __animations: object[] }).__animations ??= [];
        // The height the animation opens to (or closes from): the last (or first) keyframe's.
        const heights = (keyframes as Keyframe[]).map((frame) => parseFloat(String(frame.height)));
        (window as unknown as { __animations: object[] }).__animations.push({ options, height: Math.max(...heights) });
        return animate.call(this, keyframes, options);
      };
    });
    // Not the current page's category: it starts collapsed.
    await expect(caret.getAttribute("aria-expanded")).resolves.toBe("false");
    await caret.click();
    await expect(caret.getAttribute("aria-expanded")).resolves.toBe("true");
    const list = page.locator(`[id="${await caret.getAttribute("aria-controls")}"]`);
    const [opening] = await page.evaluate(() => (window as unknown as { __animations: { options: KeyframeAnimationOptions; height: number }[] }).__animations);
    expect(opening.options.easing).toBe("ease-in-out");
    expect(opening.height).toBeGreaterThan(200);
    expect(opening.options.duration).toBe(collapseDurationMs(opening.height));
    await expect.poll(() => list.locator("a").first().isVisible()).toBe(true);
    await caret.click();
    await expect(caret.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect.poll(() => list.isVisible()).toBe(false);
    // The sidebar cannot be hidden: no control offers to.
    await expect(page.getByRole("button", { name: /hide|collapse sidebar/i }).count()).resolves.toBe(0);
  });

  it("opens the current page's category and scrolls its entry into the sidebar's view", async () => {
    const { page } = await open("/pg-sql2/api/sql-with-transformer", { width: 1280, height: 520 });
    const sidebar = page.locator(".doc-sidebar__nav");
    const active = sidebar.locator('[aria-current="page"]');
    await expect(active.isVisible()).resolves.toBe(true);
    const within = await page.evaluate(() => {
      const nav = document.querySelector(".doc-sidebar__nav")!.getBoundingClientRect();
      const item = document.querySelector('.doc-sidebar__nav [aria-current="page"]')!.getBoundingClientRect();
      return item.top >= nav.top && item.bottom <= Math.min(nav.bottom, window.innerHeight);
    });
    expect(within).toBe(true);
    expect(await page.evaluate(() => document.querySelector(".doc-sidebar__nav")!.scrollTop)).toBeGreaterThan(0);
  });

  it("scrolls back to the top smoothly, each frame covering the same share of what is left", async () => {
    const { page } = await open(DOC);
    await page.evaluate(() => window.scrollTo(0, 3000));
    const button = page.getByRole("button", { name: "Scroll back to top" });
    await expect.poll(() => button.isVisible()).toBe(true);
    const start = await page.evaluate(() => window.scrollY);
    const samples = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const values: number[] = [];
          (document.querySelector(".back-to-top") as HTMLButtonElement).click();
          const sample = () => {
            values.push(window.scrollY);
            if (window.scrollY === 0 || values.length > 120) resolve(values);
            else requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        }),
    );
    expect(samples.at(-1)).toBe(0);
    expect(samples.length).toBeGreaterThan(8);
    const ratios = [start, ...samples].slice(0, 6).flatMap((value, index, all) => (index > 0 && all[index - 1] > 50 ? [value / all[index - 1]] : []));
    for (const ratio of ratios.slice(1)) expect(Math.abs(ratio - SMOOTH_SCROLL_EASING_FACTOR)).toBeLessThan(0.03);
  });
});

describe("loading pages", () => {
  it("shows the progress bar only after the delay, trickles it and completes it when the route has rendered", async () => {
    // Held from the start: links in view prefetch their pages as soon as the page is up.
    const held = heldRoute();
    const { page } = await open("/pg-sql2", DESKTOP, { route: [TARGET_CHUNK, held.handler] });
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
    expect(page.url()).toBe(server.origin + "/pg-sql2");
    held.release();
    await page.waitForURL(server.origin + TARGET);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress.at(-1))).toBe(1);
    await page.locator(".route-progress").waitFor({ state: "detached" });
  });

  it("shows no progress bar for a fast navigation", async () => {
    const { page } = await open("/pg-sql2");
    await page.evaluate(() => {
      (window as unknown as { __sawBar: boolean }).__sawBar = false;
      new MutationObserver(() => {
        if (document.querySelector(".route-progress")) (window as unknown as { __sawBar: boolean }).__sawBar = true;
      }).observe(document.body, { childList: true });
    });
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(server.origin + TARGET);
    await page.waitForTimeout(PROGRESS_BAR_DELAY_MS + 100);
    expect(await page.evaluate(() => (window as unknown as { __sawBar: boolean }).__sawBar)).toBe(false);
  });

  it("logs a warning and loads the page in full when its code cannot be preloaded", async () => {
    const { page, logs } = await open("/pg-sql2", DESKTOP, { route: [TARGET_CHUNK, (route) => route.abort()] });
    await markWindow(page);
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(server.origin + TARGET);
    await page.waitForLoadState("load");
    await expect.poll(() => windowMarked(page)).toBe(false);
    expect(logs.some((line) => /warning: Could not load \/pg-sql2\/development-mode .*reloading the page instead/.test(line))).toBe(true);
  });

  it("shows the error and a Retry button when a page fails to load, a spinner while retrying, then the page", async () => {
    const { page } = await newPage(MOBILE);
    await page.route(TARGET_CHUNK, (route) => route.abort());
    await page.goto(server.origin + TARGET);
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
    const { page } = await newPage();
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(server.origin + "/pg-sql2", { waitUntil: "domcontentloaded" });
    await hydrated(page);
    await page.waitForTimeout(300);
    const pageChunks = () => requested.filter((file) => file.startsWith("/assets/page-"));
    expect(pageChunks()).toEqual([expect.stringMatching(/^\/assets\/page-pg-sql2-index-/)]);
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).hover();
    await expect.poll(() => pageChunks().some((file) => TARGET_CHUNK.test(file))).toBe(true);
  });

  it("does not prefetch on a data-saver connection, and still navigates", async () => {
    const { page } = await open("/pg-sql2", DESKTOP, {
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
    await page.waitForURL(server.origin + TARGET);
    expect(requested.filter((file) => TARGET_CHUNK.test(file))).toHaveLength(1);
  });
});

describe("errors", () => {
  it("shows the crash page with the error's chain of causes, and Try again clears it", async () => {
    // Crashes until the test says otherwise (React itself retries a failed render once).
    const crashing = `export default function Crashing() {
      if (!window.__stopCrashing) {
        throw new Error("Rendering the page failed", { cause: new Error("The data was malformed", { cause: new Error("Unexpected token at 12") }) });
      }
      return null;
    }`;
    const { page } = await open("/pg-sql2", DESKTOP, { route: [TARGET_CHUNK, (route) => route.fulfill({ contentType: "text/javascript", body: crashing })] });
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    const crash = page.getByRole("alert");
    await expect(crash.locator("h1").textContent()).resolves.toBe("This page crashed.");
    const text = await crash.textContent();
    expect(text).toContain("Rendering the page failed");
    expect(text).toContain("The data was malformed");
    expect(text).toContain("Unexpected token at 12");
    // The chrome around the page still works.
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(true);
    await page.evaluate(() => ((window as unknown as { __stopCrashing: boolean }).__stopCrashing = true));
    await crash.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.getByText("This page crashed.").count()).toBe(0);
  });

  it("names the missing default export of a page module", async () => {
    const { page } = await open("/pg-sql2", DESKTOP, {
      route: [TARGET_CHUNK, (route) => route.fulfill({ contentType: "text/javascript", body: "export const notAComponent = 1;" })],
    });
    await page.getByRole("navigation", { name: "Docs sidebar" }).getByRole("link", { name: "Development mode" }).click();
    const crash = page.getByRole("alert");
    await expect(crash.locator("h1").textContent()).resolves.toBe("This page crashed.");
    await expect(crash.textContent()).resolves.toMatch(/page module for \/pg-sql2\/development-mode .*has no default export/);
  });

  it("keeps working without browser storage: one warning, toggles and navigation still work", async () => {
    const { page, logs } = await open(DOC, MOBILE, {
      init: () => {
        Object.defineProperty(window, "localStorage", {
          configurable: true,
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      },
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    await dialog.getByRole("link", { name: "Development mode" }).click();
    await page.waitForURL(server.origin + TARGET);
    await expect.poll(() => page.locator("article h1").first().textContent()).toMatch(/development mode/i);
    const warnings = logs.filter((line) => /storage is unavailable/i.test(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning:/);
    expect(logs.filter((line) => line.startsWith("error") || line.startsWith("pageerror"))).toEqual([]);
  });

  it("clears a stored preferred docs version that names no version, and keeps one that does", async () => {
    const { page } = await open("/", DESKTOP, {
      init: () => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("docs-preferred-version-pg-sql2", "9.9");
        localStorage.setItem("docs-preferred-version-tamedevil", "current");
      },
    });
    const read = (pluginId: string) => page.evaluate((key) => localStorage.getItem(key), PREFERRED_VERSION_STORAGE_PREFIX + pluginId);
    await expect(read("pg-sql2")).resolves.toBe("9.9");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "pg-sql2" }).click();
    await page.waitForURL(/\/pg-sql2$/);
    await expect.poll(() => read("pg-sql2")).toBeNull();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "tamedevil" }).click();
    await page.waitForURL(/\/tamedevil$/);
    await page.waitForTimeout(100);
    await expect(read("tamedevil")).resolves.toBe("current");
  });
});

describe("keyboard", () => {
  it("reaches every control of the chrome with Tab, each with a visible focus ring", async () => {
    const { page } = await open(DOC);
    const reached = new Set<string>();
    const withoutRing: string[] = [];
    for (let index = 0; index < 400; index++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        if (!element.dataset.tabKey) element.dataset.tabKey = String(Math.random());
        const ringOf = (node: Element | null) => {
          if (!node) return false;
          const style = getComputedStyle(node);
          return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
        };
        return {
          key: element.dataset.tabKey,
          ring: ringOf(element) || ringOf(element.parentElement) || ringOf(element.closest("li")),
          name: `${element.tagName} ${element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40)}`,
        };
      });
      if (!info) continue;
      if (reached.has(info.key)) break;
      reached.add(info.key);
      if (!info.ring) withoutRing.push(info.name);
    }
    expect(withoutRing).toEqual([]);
    const unreached = await page.evaluate((keys) => {
      const known = new Set(keys);
      const chrome = document.querySelectorAll<HTMLElement>(
        ".navbar a, .navbar button, .doc-sidebar a, .doc-sidebar button, .breadcrumbs a, .toc a, .paginator a, .doc-page__edit a, .footer a",
      );
      return [...chrome]
        .filter((element) => element.offsetParent !== null && !(element as HTMLButtonElement).disabled && !known.has(element.dataset.tabKey ?? ""))
        .map((element) => element.textContent?.trim() || element.getAttribute("aria-label"));
    }, [...reached]);
    expect(unreached).toEqual([]);
  });

  it("operates the colour toggle and the mobile menu from the keyboard", async () => {
    const { page } = await open(DOC, MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Navigation menu" }).waitFor({ state: "visible" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Close navigation menu");
    await page.keyboard.press("Shift+Tab");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toMatch(/Switch between dark and light mode/);
    await page.keyboard.press("Enter");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Navigation menu" }).waitFor({ state: "hidden" });
  });
});

describe("other screens", () => {
  it("shows the not-found page with ways back in", async () => {
    const { page } = await newPage(MOBILE);
    const response = await page.goto(server.origin + "/no/such/page");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.locator("main h1").textContent()).resolves.toBe("Page not found");
    await expect(page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).resolves.toBe("/");
    await expect(page.getByRole("link", { name: "Search the documentation" }).getAttribute("href")).resolves.toBe("/search");
  });

  it("has the search page route", async () => {
    const { page, logs } = await open("/search?q=sql");
    await expect(page.locator("main h1").count()).resolves.toBe(1);
    expect(logs.filter((line) => line.startsWith("pageerror"))).toEqual([]);
  });
});

// ---------------------------------------------------------------- accessibility (axe-core)

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");
const SCREENS = [
  ["home", "/"],
  ["docs page", "/pg-sql2/api/sql"],
  ["search", "/search?q=sql"],
  ["not found", "/no/such/page"],
] as const;

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return found.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(" ")} (${node.failureSummary.replace(/\s+/g, " ")})`),
  );
}

describe.each([
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
])("axe finds no violations at %s", (_width, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport, reducedMotion: "reduce" });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(["light", "dark"])("on every screen in %s mode", async (mode) => {
    await page.goto(server.origin + "/");
    await page.evaluate((value) => localStorage.setItem("theme", value), mode);
    const problems: string[] = [];
    for (const [name, route] of SCREENS) {
      await page.goto(server.origin + route, { waitUntil: "domcontentloaded" });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(await page.locator("html").getAttribute("data-theme")).toBe(mode);
      // Judge the search page with its results shown.
      if (route.startsWith("/search")) await page.locator('[aria-label="Search results"] li').first().waitFor();
      problems.push(...(await violations(page)).map((problem) => `${name}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
});
