/**
 * Accessibility of every screen, checked with axe-core in the browser: the
 * home page, a docs page, the search page and the not-found page, in light and
 * dark mode, at 375 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { BUILD_DIR, DESKTOP, ensureBuilt, launchBrowser, MOBILE, ROOT, serveDir } from "./support";

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

let browser: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;

beforeAll(async () => {
  ensureBuilt();
  server = await serveDir(BUILD_DIR);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

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
