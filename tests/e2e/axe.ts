import path from "node:path";
import type { Page } from "playwright-core";
import { COLOR_MODE_STORAGE_KEY } from "../../src/core/constants";
import type { ColorMode } from "../../src/core/types";
import { ROOT } from "./support";

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");

/** What to judge: the whole document by default, every rule axe has unless `tags` narrows them. */
export interface AxeScope {
  /** A selector; only what it matches is judged. */
  include?: string;
  /** Only rules with one of these tags (e.g. "wcag2aa"). */
  tags?: string[];
}

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's violations on the page as it is now, one line per element at fault. */
export async function violations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async ({ include, tags }) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const options = tags ? { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] } : { resultTypes: ["violations"] };
    const result = await axe.run(include ? { include: [[include]] } : document, options);
    return result.violations;
  }, scope);
  return found.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(" ")} (${(node.failureSummary ?? "").replace(/\s+/g, " ")})`),
  );
}

/**
 * Switches the colour mode the way a change made in another tab reaches the page (the stored
 * choice and a storage event), so the theme's own state changes, and waits until the new colours
 * are painted. Later page loads in the context keep the mode.
 */
export async function switchColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent("storage", { key, newValue: value }));
    },
    [COLOR_MODE_STORAGE_KEY, mode] as const,
  );
  await page.waitForFunction((value) => document.documentElement.dataset.theme === value, mode);
  // Transitions end; an endless animation (a spinner) would never resolve, and does not change with the mode.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished)));
}

/**
 * axe's violations on the page in the mode it opened in and then in the other one, each line
 * prefixed by its mode: one page load judges both modes. Leaves the page in the other mode.
 */
export async function violationsInBothModes(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const first = (await page.evaluate(() => document.documentElement.dataset.theme)) === "dark" ? "dark" : "light";
  const second = first === "dark" ? "light" : "dark";
  const before = (await violations(page, scope)).map((line) => `${first}: ${line}`);
  await switchColorMode(page, second);
  return [...before, ...(await violations(page, scope)).map((line) => `${second}: ${line}`)];
}
