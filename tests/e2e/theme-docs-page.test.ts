/** A docs page: sidebar, breadcrumbs, table of contents, previous/next, client-side navigation and scrolling. */
import { describe, expect, it } from "vitest";
import { collapseDurationMs } from "../../src/core/collapseDuration";
import { SMOOTH_SCROLL_EASING_FACTOR } from "../../src/core/constants";
import { browserSuite, MOBILE, DOC, markWindow, windowMarked } from "./support";

const site = browserSuite();

describe("a docs page", () => {
  it("has a sidebar, breadcrumbs, an article, the table of contents, an edit link and previous/next links", async () => {
    const { page, logs } = await site.open(DOC);
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
    const { page } = await site.open(DOC);
    await markWindow(page);
    const next = page.getByRole("navigation", { name: "Docs pages" }).locator(".paginator__link--next");
    const href = await next.getAttribute("href");
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await next.click();
    await page.waitForURL(site.origin + href);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await windowMarked(page)).toBe(true);
  });

  it("scrolls to the hash target after navigating to an address with a hash", async () => {
    const { page } = await site.open("/pg-sql2");
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
    const { page } = await site.open(DOC);
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
    const { page } = await site.open(DOC, MOBILE);
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
    const { page } = await site.open("/pg-sql2");
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
    const { page } = await site.open("/pg-sql2/api/sql-with-transformer", { width: 1280, height: 520 });
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
    const { page } = await site.open(DOC);
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
