/**
 * Theme behaviours the real site's configuration switches off: a navbar that
 * hides on scroll, a closeable announcement bar, a dropdown, a colour mode
 * that respects the system preference, a sidebar with several categories.
 * A small site with that configuration is built once for these tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import { buildSite } from "../../src/node/build/build";
import { ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY, COLOR_MODE_STORAGE_KEY } from "../../src/core/constants";
import { browserSuite, DESKTOP, MOBILE, ROOT, hydrated } from "./support";

const SITE = path.join(ROOT, "tests/fixtures/.tmp-theme-variant");

const paragraphs = (count: number) => Array.from({ length: count }, (_, index) => `Paragraph ${index + 1}. ${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(6)}`).join("\n\n");

const FILES: Record<string, string> = {
  "site.config.ts": `import { defineConfig } from "../../../src/node/config/types";
export default defineConfig({
  title: "Variant",
  tagline: "A site with every theme option switched on",
  url: "https://variant.example.org",
  docs: [
    { id: "default", path: "docs/guide", routeBasePath: "/guide", label: "Guide" },
    { id: "extra", path: "docs/extra", routeBasePath: "/extra", label: "Extra" },
  ],
  navbar: {
    title: "Variant",
    hideOnScroll: true,
    items: [
      { type: "doc", docId: "index", label: "Guide" },
      {
        type: "dropdown",
        label: "More",
        items: [
          { type: "doc", docId: "index", docsPluginId: "extra", label: "Extra docs" },
          { type: "link", href: "https://example.org/elsewhere", label: "Elsewhere" },
        ],
      },
      { type: "link", href: "https://example.org/right", label: "Right link", position: "right" },
    ],
  },
  footer: { columns: [{ title: "Docs", items: [{ label: "Guide", href: "/guide/" }] }], copyright: "Variant copyright" },
  colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: true },
  announcementBar: { id: "bar-v2", content: "A closeable announcement", isCloseable: true },
});
`,
  "docs/landing.json": JSON.stringify({ tagline: "Variant", description: "Variant.", libraries: [{ id: "guide", name: "Guide", summary: "The guide.", to: "/guide/" }] }),
  "docs/guide/index.md": `---\ntitle: Variant guide\n---\n\n${paragraphs(4)}\n\n## First part\n\n${paragraphs(8)}\n\n## Second part\n\n${paragraphs(8)}\n\n### Detail\n\n${paragraphs(8)}\n\n## Third part\n\n${paragraphs(8)}\n`,
  "docs/guide/alpha/_category_.json": JSON.stringify({ label: "Alpha", position: 2 }),
  "docs/guide/alpha/one.md": "# Alpha one\n\nText.\n",
  "docs/guide/alpha/two.md": "# Alpha two\n\nText.\n",
  "docs/guide/beta/_category_.json": JSON.stringify({ label: "Beta", position: 3 }),
  "docs/guide/beta/one.md": "# Beta one\n\nText.\n",
  "docs/guide/beta/two.md": "# Beta two\n\nText.\n",
  "docs/extra/index.md": "# Extra docs\n\nText.\n",
};

// Registered before the browser suite's hooks: the site is built before it is served, and removed after the server stops.
beforeAll(async () => {
  rmSync(SITE, { recursive: true, force: true });
  for (const [file, contents] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(SITE, file)), { recursive: true });
    writeFileSync(path.join(SITE, file), contents);
  }
  await buildSite({ siteDir: SITE });
});
afterAll(() => rmSync(SITE, { recursive: true, force: true }));

const site = browserSuite(() => path.join(SITE, "build"));
const { open } = site;

/** THEME_SHOTS=dir saves screenshots of the states these tests reach, for looking at. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.THEME_SHOTS) await page.screenshot({ path: path.join(process.env.THEME_SHOTS, `variant-${name}.png`) });
}

const navbarTop = (page: Page) => page.evaluate(() => Math.round(document.querySelector(".navbar")!.getBoundingClientRect().top));
const navbarHidden = (page: Page) => page.evaluate(() => document.querySelector(".navbar")!.classList.contains("navbar--hidden"));

describe("a navbar that hides on scroll", () => {
  it("hides while scrolling down, shows while scrolling up, and hides on a jump to an anchor", async () => {
    const { page } = await open("/guide");
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => navbarHidden(page)).toBe(true);
    await expect.poll(() => navbarTop(page)).toBeLessThan(-50);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => navbarHidden(page)).toBe(false);
    await expect.poll(() => navbarTop(page)).toBe(0);
    // A jump (up, here) to a heading hides it, so the heading is not covered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.mouse.wheel(0, -200);
    await expect.poll(() => navbarHidden(page)).toBe(false);
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "First part" }).click();
    await expect.poll(() => navbarHidden(page)).toBe(true);
    await page.waitForTimeout(300);
    expect(await navbarHidden(page)).toBe(true);
  });
});

describe("a closeable announcement bar", () => {
  it("closes, remembers that under its two storage keys, and stays closed on the next visit", async () => {
    const { page } = await open("/guide", MOBILE);
    const bar = page.getByRole("region", { name: "Announcement" });
    await expect(bar.textContent()).resolves.toContain("A closeable announcement");
    await shot(page, "closeable-bar");
    await bar.getByRole("button", { name: "Close announcement" }).click();
    await expect(bar.count()).resolves.toBe(0);
    const stored = await page.evaluate(([flag, id]) => [localStorage.getItem(flag), localStorage.getItem(id)], [ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY]);
    expect(stored).toEqual(["true", "bar-v2"]);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByRole("region", { name: "Announcement" }).count()).toBe(0);
  });

  it("shows again when the bar's id changed since it was dismissed", async () => {
    const { page } = await open("/guide", DESKTOP, {
      init: () => {
        localStorage.setItem("announcement-bar.dismissed", "true");
        localStorage.setItem("announcement-bar.id", "bar-v1");
      },
    });
    await page.waitForTimeout(100);
    await expect(page.getByRole("region", { name: "Announcement" }).isVisible()).resolves.toBe(true);
  });
});

describe("a navbar dropdown", () => {
  const setup = async (options: BrowserContextOptions = {}) => {
    const { page } = await open("/guide", DESKTOP, options);
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" });
    const menu = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    const openIt = async () => {
      await button.click();
      await expect(button.getAttribute("aria-expanded")).resolves.toBe("true");
      await menu.waitFor({ state: "visible" });
    };
    return { page, button, menu, openIt };
  };

  it("resolves doc links across docs plugins and keeps external links external", async () => {
    const { page, menu, openIt } = await setup();
    await openIt();
    await shot(page, "dropdown");
    await expect(menu.getByRole("link", { name: "Extra docs" }).getAttribute("href")).resolves.toBe("/extra");
    await expect(menu.getByRole("link", { name: /Elsewhere/ }).getAttribute("target")).resolves.toBe("_blank");
  });

  it("closes on a click outside", async () => {
    const { page, button, menu, openIt } = await setup();
    await openIt();
    await page.mouse.click(600, 500);
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await expect(menu.isVisible()).resolves.toBe(false);
  });

  it("closes on focus moving outside", async () => {
    const { page, button, openIt } = await setup();
    await openIt();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Guide" }).focus();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on a touch outside", async () => {
    const { page, button, openIt } = await setup({ hasTouch: true });
    await openIt();
    await page.touchscreen.tap(600, 500);
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape, giving focus back to its button, and works from the keyboard", async () => {
    const { page, button, menu } = await setup();
    await button.focus();
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Extra docs");
    await page.keyboard.press("Escape");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain("More");
  });

  it("opens in place inside the mobile menu", async () => {
    const { page } = await open("/", MOBILE);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation menu" });
    const more = dialog.getByRole("button", { name: "More" });
    await more.click();
    await expect(more.getAttribute("aria-expanded")).resolves.toBe("true");
    const link = dialog.getByRole("link", { name: "Extra docs" });
    await link.waitFor({ state: "visible" });
    await shot(page, "dropdown-in-menu");
    await link.click();
    await page.waitForURL(`${site.origin}/extra`);
    await dialog.waitFor({ state: "hidden" });
  });
});

describe("navbar items", () => {
  it("sit on the left by default and on the right when asked", async () => {
    const { page } = await open("/guide");
    const navbar = page.getByRole("navigation", { name: "Main" });
    await expect(navbar.locator(".navbar__items--left > li > :is(a, button)").allTextContents()).resolves.toEqual(["Guide", "More"]);
    await expect(navbar.locator(".navbar__items--right a").textContent()).resolves.toContain("Right link");
  });
});

describe("colour mode respecting the system preference", () => {
  it("cycles light, dark, system; system follows the system's preference", async () => {
    const { page } = await open("/guide", DESKTOP, { colorScheme: "dark" });
    const html = page.locator("html");
    const toggle = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Switch between dark and light mode/ });
    await expect(html.getAttribute("data-theme")).resolves.toBe("light");
    await toggle.click();
    await expect(html.getAttribute("data-theme")).resolves.toBe("dark");
    await toggle.click();
    await expect(toggle.getAttribute("aria-label")).resolves.toContain("currently system mode");
    await expect(page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).resolves.toBe("system");
    await expect(html.getAttribute("data-theme")).resolves.toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => html.getAttribute("data-theme")).toBe("light");
    await toggle.click();
    await expect(html.getAttribute("data-theme")).resolves.toBe("light");
    await expect(toggle.getAttribute("aria-label")).resolves.toContain("currently light mode");
  });

  it("keeps a stored 'system' choice's dark mode while the page hydrates, never showing light", async () => {
    const { page } = await site.newPage(DESKTOP, { colorScheme: "dark" });
    await page.addInitScript(() => {
      localStorage.setItem("theme", "system");
      const seen: string[] = [];
      (window as unknown as { themesSeen: string[] }).themesSeen = seen;
      new MutationObserver(() => seen.push(document.documentElement.dataset.theme ?? "")).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
    });
    await page.goto(`${site.origin}/guide`);
    await hydrated(page);
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    expect(await page.evaluate(() => (window as unknown as { themesSeen: string[] }).themesSeen)).not.toContain("light");
  });

  it("applies a stored 'system' choice before the app runs", async () => {
    const { page } = await site.newPage(DESKTOP, { colorScheme: "dark" });
    await page.addInitScript(() => localStorage.setItem("theme", "system"));
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(`${site.origin}/guide`);
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
  });
});

describe("a sidebar with several categories", () => {
  it("does not collapse one category when another opens or when the reader moves on", async () => {
    const { page } = await open("/guide/alpha/one");
    const sidebar = page.getByRole("navigation", { name: "Docs sidebar" });
    const alpha = sidebar.getByRole("button", { name: /Alpha/ }).first();
    const beta = sidebar.getByRole("button", { name: /Beta/ }).first();
    await expect(alpha.getAttribute("aria-expanded")).resolves.toBe("true");
    await beta.click();
    await expect(beta.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(alpha.getAttribute("aria-expanded")).resolves.toBe("true");
    // A click while Beta is still opening can land on a moving link: the
    // browser scrolls the clipped list to show it, and the list slides as it grows.
    const betaList = page.locator(`[id="${await beta.getAttribute("aria-controls")}"]`);
    await expect.poll(() => betaList.getAttribute("data-animating")).toBeNull();
    await sidebar.getByRole("link", { name: "Beta two" }).click();
    await page.waitForURL(`${site.origin}/guide/beta/two`);
    await expect.poll(() => sidebar.locator('[aria-current="page"]').textContent()).toBe("Beta two");
    await expect(alpha.getAttribute("aria-expanded")).resolves.toBe("true");
  });
});
