import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { prismThemes } from "../../src/node/markdown/prismThemes";
import { violationsInBothModes } from "./axe";
import { builtFixtureSuite, openPage, hydrated, markWindow, windowMarked } from "./support";

/** What a reader does with the Markdown features, on the fixture site built once. */
describe("Markdown features in Chromium", () => {
  const site = builtFixtureSuite("markdown");
  const pages: Page[] = [];

  async function open(route: string, theme: "light" | "dark" = "light") {
    const opened = await openPage(site.browser, `${site.origin}${route}`);
    await opened.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
    if (theme === "dark") {
      await opened.page.evaluate(() => localStorage.setItem("theme", "dark"));
      await opened.page.reload();
      await hydrated(opened.page);
    }
    pages.push(opened.page);
    return opened;
  }

  /** From the guide's first page, follows a link in its text: a client-side visit, the window kept. */
  async function visitFromGuide(page: Page, link: string, heading: string) {
    await page.goto(`${site.origin}/guide`);
    await hydrated(page);
    await markWindow(page);
    await page.getByRole("article").getByRole("link", { name: link }).click();
    await page.getByRole("heading", { name: heading }).waitFor();
    await expect(windowMarked(page)).resolves.toBe(true);
  }

  it("hydrates every feature page without console errors", async () => {
    for (const route of ["/guide", "/guide/admonitions", "/guide/code", "/guide/tabs", "/guide/tabs-again", "/guide/details", "/guide/markdown", "/guide/mdx"]) {
      const { page, consoleErrors } = await open(route);
      expect(consoleErrors, route).toEqual([]);
      await page.context().close();
    }
  });

  it("copies code without line numbers and says Copied", async () => {
    const { page } = await open("/guide/code");
    const block = page.locator(".code-block--line-numbers").first();
    await block.hover();
    const button = block.getByRole("button", { name: "Copy code to clipboard" });
    await button.click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('const first = "line one";\nconst second = "line two";');
    await expect(block.getByRole("button", { name: "Copied" }).textContent()).resolves.toContain("Copied");
    await expect(block.getByRole("status").textContent()).resolves.toBe("Copied");
    // The magic comments were removed from the code, so they are not copied either.
    const magic = page.locator(".code-block").filter({ hasText: "startA" });
    await magic.hover();
    await magic.getByRole("button", { name: "Copy code to clipboard" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe("const before = 0;\nconst next = 1;\nconst startA = 2;\nconst startB = 3;\nconst after = 4;");
    await page.context().close();
  });

  it("has highlighted code on a first visit without fetching it again, and after a client-side visit", async () => {
    const { page } = await open("/guide/code");
    const listed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>("script[type=module][src]")].map((script) => script.src).concat([...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((link) => link.href)),
    );
    const scripts = () => page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => name.endsWith(".js")));
    const firstBlock = page.locator(".code-block__code").first();
    await expect(firstBlock.locator(".token.keyword").first().textContent()).resolves.toBe("export");
    // The code's HTML is in the document already: the first visit loads no script beyond the ones the page lists.
    expect((await scripts()).filter((url) => !listed.includes(url))).toEqual([]);

    await visitFromGuide(page, "code blocks", "Line highlighting");
    await expect(firstBlock.textContent()).resolves.toContain("return `Hello, ${name}!`;");
    await expect(firstBlock.locator(".token.keyword").first().textContent()).resolves.toBe("export");
    await page.context().close();
  });

  it("shows the same plain prose (a right-aligned table) on a first visit and after a client-side visit", async () => {
    const { page } = await open("/guide/markdown");
    const table = page.getByRole("article").getByRole("table");
    const read = async () => ({
      text: await table.innerText(),
      align: await table.getByRole("cell", { name: "2", exact: true }).evaluate((cell) => getComputedStyle(cell).textAlign),
    });
    const firstVisit = await read();
    expect(firstVisit).toEqual({ text: expect.stringMatching(/Name\s+Value\s+one\s+1\s+two\s+2/), align: "right" });

    await visitFromGuide(page, "link to the custom id", "Tables");
    await expect(read()).resolves.toEqual(firstVisit);
    await page.context().close();
  });

  it("toggles soft wrapping of long lines", async () => {
    const { page } = await open("/guide/code");
    const block = page.locator(".code-block").filter({ hasText: "aVeryLongLine" });
    const pre = block.locator("pre");
    const overflows = () => pre.evaluate((element) => element.scrollWidth > element.clientWidth);
    await expect(overflows()).resolves.toBe(true);
    await block.hover();
    const toggle = block.getByRole("button", { name: "Toggle word wrap" });
    await toggle.click();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(overflows()).resolves.toBe(false);
    await toggle.click();
    await expect(overflows()).resolves.toBe(true);
    await page.context().close();
  });

  it("colours code with the light theme in light mode and the dark theme in dark mode", async () => {
    for (const [mode, theme] of [["light", prismThemes.github], ["dark", prismThemes.dracula]] as const) {
      const { page } = await open("/guide/code", mode);
      // Reached client-side from a page without code too: the colours come with the one stylesheet.
      if (mode === "light") await visitFromGuide(page, "code blocks", "Line highlighting");
      const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((part) => Number(part).toString(16).padStart(2, "0")).join("")}`;
      const background = await page.locator(".code-block").first().evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(hex(background), mode).toBe(theme.plain.backgroundColor);
      const keyword = await page.locator(".code-block .token.keyword").first().evaluate((element) => getComputedStyle(element).color);
      expect(hex(keyword), mode).toBe(theme.styles.find((style) => style.types.includes("keyword"))!.style.color);
      await page.context().close();
    }
  });

  it("switches tab groups with the same groupId together, remembers the choice across pages", async () => {
    const { page } = await open("/guide/tabs");
    const groups = page.locator(".tabs");
    await groups.nth(0).getByRole("tab", { name: "Yarn" }).click();
    await expect(groups.nth(0).getByRole("tab", { name: "Yarn" }).getAttribute("aria-selected")).resolves.toBe("true");
    await expect(page.getByText("second-yarn").isVisible()).resolves.toBe(true);
    await expect(page.getByText("second-npm").isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => localStorage.getItem("docs-tab-group-pkg"))).resolves.toBe("yarn");
    // Another page, by client-side navigation and by a fresh load.
    await page.locator('.doc-sidebar a[href="/guide/tabs-again"], nav a[href="/guide/tabs-again"]').first().click();
    await page.waitForURL(`${site.origin}/guide/tabs-again`);
    await page.getByText("other-page-yarn").waitFor({ state: "visible" });
    await page.reload();
    await hydrated(page);
    await page.getByText("other-page-yarn").waitFor({ state: "visible" });
    await expect(page.getByText("other-page-npm").isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  it("moves between tabs with the arrow keys, Home and End", async () => {
    const { page } = await open("/guide/tabs");
    const group = page.locator(".tabs").nth(1);
    await group.getByRole("tab", { name: "npm", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent);
    await expect(focusedName()).resolves.toBe("Yarn");
    await expect(group.getByRole("tab", { name: "Yarn" }).getAttribute("aria-selected")).resolves.toBe("true");
    await page.keyboard.press("End");
    await expect(focusedName()).resolves.toBe("pnpm");
    await page.keyboard.press("ArrowRight");
    await expect(focusedName()).resolves.toBe("npm");
    await page.keyboard.press("ArrowLeft");
    await expect(focusedName()).resolves.toBe("pnpm");
    await page.keyboard.press("Home");
    await expect(focusedName()).resolves.toBe("npm");
    await expect(group.getByRole("tab", { name: "npm", exact: true }).getAttribute("tabindex")).resolves.toBe("0");
    await expect(group.getByRole("tab", { name: "Yarn" }).getAttribute("tabindex")).resolves.toBe("-1");
    // Tab moves from the tab list into the selected panel.
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("role"))).resolves.toBe("tabpanel");
    await page.context().close();
  });

  it("reads and writes the query string for queryString tabs", async () => {
    const { page } = await open("/guide/tabs?lang=js");
    await page.getByText("js-panel").waitFor({ state: "visible" });
    await page.getByRole("tab", { name: "Python" }).click();
    await expect(page.evaluate(() => location.search)).resolves.toBe("?lang=py");
    await expect(page.getByText("py-panel").isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("opens and closes details with an animation", async () => {
    const { page } = await open("/guide/details");
    const details = page.locator("details").first();
    await expect(page.getByText("The answer is").isVisible()).resolves.toBe(false);
    // Each animation the content starts is recorded as it starts: on a loaded machine a short one
    // can be over before the test could look at the element's running animations.
    await page.evaluate(() => {
      const started: number[] = [];
      (window as unknown as { detailsAnimations: number[] }).detailsAnimations = started;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, ...args: Parameters<Element["animate"]>) {
        const options = args[1];
        if (this.classList.contains("details__content")) started.push(typeof options === "number" ? options : Number(options?.duration ?? 0));
        return animate.apply(this, args);
      };
    });
    await details.locator("summary").click();
    await expect(details.getAttribute("open")).resolves.toBe("");
    const started = await page.waitForFunction(() => (window as unknown as { detailsAnimations: number[] }).detailsAnimations.length > 0, undefined, { timeout: 5000 }).then(() => page.evaluate(() => (window as unknown as { detailsAnimations: number[] }).detailsAnimations));
    expect(started).toHaveLength(1);
    expect(started[0]).toBeGreaterThan(0);
    await page.getByText("The answer is").waitFor({ state: "visible" });
    await details.locator("summary").click();
    await page.waitForFunction(() => !document.querySelector("details")!.open);
    await expect(page.getByText("The answer is").isVisible()).resolves.toBe(false);
    // Keyboard: Enter on the focused summary opens it too.
    await details.locator("summary").focus();
    await page.keyboard.press("Enter");
    await page.getByText("The answer is").waitFor({ state: "visible" });
    await page.context().close();
  });

  it("passes axe (WCAG 2 A/AA, contrast included) inside the article in both colour modes", async () => {
    const { page } = await open("/guide");
    const failures: string[] = [];
    for (const route of ["/guide/admonitions", "/guide/code", "/guide/tabs", "/guide/details", "/guide/markdown", "/guide/mdx"]) {
      await page.goto(`${site.origin}${route}`);
      await hydrated(page);
      // Show the copy/wrap buttons, as on hover, so their contrast is checked too.
      await page.addStyleTag({ content: ".code-block__buttons{opacity:1!important}" });
      const found = await violationsInBothModes(page, { include: "article", tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });
      failures.push(...found.map((violation) => `${route} ${violation}`));
    }
    await page.context().close();
    expect(failures).toEqual([]);
  });
});
