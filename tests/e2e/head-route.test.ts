import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BUILD_DIR, browserSuite, openPage } from "./support";

/** What a tab, bookmark, share preview or crawler reads from the head: title, lang and the meta/link tags. */
function headSnapshot(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tags = [...document.head.querySelectorAll("meta[name], meta[property], link[rel=canonical]")]
      .map((element) => {
        const key = element.getAttribute("name") ?? element.getAttribute("property") ?? `link:${element.getAttribute("rel")}`;
        return `${key}=${element.getAttribute("content") ?? element.getAttribute("href")}`;
      })
      .filter((entry) => !entry.startsWith("viewport=") && !entry.startsWith("generator=") && !entry.startsWith("site-version="))
      .sort();
    return [`title=${document.title}`, `lang=${document.documentElement.lang}`, ...tags];
  });
}

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== "assets") htmlFiles(file, out);
    } else if (name === "index.html") out.push(file);
  }
  return out;
}

describe("the head follows the route", () => {
  const site = browserSuite();

  it("after a client-side navigation is the head the server renders for the new page", async () => {
    const { page } = await openPage(site.browser, `${site.origin}/pg-sql2/api/sql-raw`);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator(".doc-sidebar a[href='/pg-sql2/api/sql-value']").click();
    await page.waitForFunction(() => location.pathname === "/pg-sql2/api/sql-value" && document.title.startsWith("sql.value"));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const afterNavigation = await headSnapshot(page);
    const { page: fresh } = await openPage(site.browser, `${site.origin}/pg-sql2/api/sql-value`);
    const served = await headSnapshot(fresh);
    expect(afterNavigation).toEqual(served);
    expect(served).toContain("link:canonical=https://graphile-docs.example.org/pg-sql2/api/sql-value");
    expect(served.some((entry) => entry.startsWith("description=") && !entry.includes("sql.raw"))).toBe(true);
    await page.context().close();
    await fresh.context().close();
  });

  it("announces the new page's title politely to screen readers", async () => {
    const { page } = await openPage(site.browser, `${site.origin}/pg-sql2/api/sql-raw`);
    const announcer = page.locator("#route-announcer[aria-live=polite][aria-atomic=true]");
    await expect(announcer.textContent()).resolves.toBe("");
    await page.locator(".doc-sidebar a[href='/pg-sql2/api/sql-value']").click();
    await page.waitForFunction(() => document.getElementById("route-announcer")?.textContent?.startsWith("sql.value"));
    await expect(announcer.textContent()).resolves.toBe(await page.title());
    await page.context().close();
  });

  it("hydrating a page writes nothing to its head or <html> that the server already wrote", async () => {
    // Writing <html lang> again, even unchanged, restyles every element of the page while it hydrates.
    const { page } = await site.open("/pg-sql2/api/sql", undefined, {
      init: () => {
        const writes: string[] = [];
        (window as unknown as { headWrites: string[] }).headWrites = writes;
        document.addEventListener("DOMContentLoaded", () => {
          const record = (mutations: MutationRecord[]) => {
            for (const mutation of mutations) if (mutation.attributeName !== "data-hydrated") writes.push(`${(mutation.target as Element).tagName.toLowerCase()} ${mutation.attributeName}`);
          };
          new MutationObserver(record).observe(document.documentElement, { attributes: true });
          new MutationObserver(record).observe(document.head, { attributes: true, subtree: true });
        });
      },
    });
    expect(await page.evaluate(() => (window as unknown as { headWrites: string[] }).headWrites)).toEqual([]);
  });

  it("marks the not-found page noindex without a canonical link, served or reached client-side", async () => {
    const html = readFileSync(path.join(BUILD_DIR, "404.html"), "utf8");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/rel="canonical"|og:url|__not-found__/);
    const { page } = await openPage(site.browser, `${site.origin}/pg-sql2/api/sql-raw`);
    expect(await page.locator("meta[name=robots]").count()).toBe(0);
    await page.evaluate(() => {
      history.pushState(null, "", "/pg-sql2/api/no-such-page");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForFunction(() => document.title.startsWith("Page Not Found"));
    await expect(page.getAttribute("meta[name=robots]", "content")).resolves.toBe("noindex, nofollow");
    expect(await page.locator("link[rel=canonical], meta[property='og:url']").count()).toBe(0);
    // Back on a real page, it is indexable again and has its canonical link back.
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith("sql.raw"));
    expect(await page.locator("meta[name=robots]").count()).toBe(0);
    await expect(page.getAttribute("link[rel=canonical]", "href")).resolves.toBe("https://graphile-docs.example.org/pg-sql2/api/sql-raw");
    await page.context().close();
  });

  it("gives every page its own title", () => {
    const titles = new Map<string, string[]>();
    for (const file of htmlFiles(BUILD_DIR)) {
      const title = /<title>([^<]*)<\/title>/.exec(readFileSync(file, "utf8"))![1];
      titles.set(title, [...(titles.get(title) ?? []), path.relative(BUILD_DIR, file)]);
    }
    expect(titles.size).toBeGreaterThan(70);
    expect([...titles].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
