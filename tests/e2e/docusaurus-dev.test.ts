/**
 * `npm start --site DIR` on an unchanged Docusaurus site whose node_modules holds React 18 and React
 * Router 5 (as a Docusaurus 3 install may): the server render and the browser both use the theme's
 * React, so the page hydrates and client-side navigation works.
 */
import { describe, expect, it } from "vitest";
import { installDocusaurusStandIns } from "../build/docusaurusStandIns";
import { devServerSuite, markWindow, openPage, windowMarked } from "./support";

describe("the dev server on a Docusaurus site with React 18 installed beside it", () => {
  const suite = devServerSuite("docusaurus-classic", installDocusaurusStandIns);

  it("hydrates an MDX page with the theme's React and follows a link client-side", async () => {
    const { page, consoleErrors } = await openPage(suite.browser, `${suite.server.url}sorting-widgets`);
    await markWindow(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API", exact: true }).click();
    await page.waitForURL("**/reference/api");
    await expect.poll(() => page.locator("article h1").textContent()).not.toContain("Sorting");
    expect(await windowMarked(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});
