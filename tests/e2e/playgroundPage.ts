/** How the Try it browser tests drive a playground in a page (the built site and the dev server alike). */
import type { Locator, Page } from "playwright-core";

/** The playground's status line once a run has ended, however it ended. */
export const FINISHED = /^(Ran|Failed) in \d+ ms\.$|^Stopped:|could not run/;

/** Presses Try it on the first example containing `text` and waits for the editor. */
export async function openPlayground(page: Page, text: string): Promise<Locator> {
  const example = page.locator(".try-it").filter({ hasText: text }).first();
  await example.getByRole("button", { name: /^Try it/ }).click();
  const playground = page.getByRole("region", { name: "Example playground" });
  await playground.waitFor();
  return playground;
}

/** Presses Run and returns the status line once the run has ended. */
export async function runPlayground(page: Page, timeout = 60_000): Promise<string> {
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await page.waitForFunction((pattern) => new RegExp(pattern).test(document.querySelector(".playground__status")?.textContent ?? ""), FINISHED.source, { timeout });
  return (await page.locator(".playground__status").textContent()) ?? "";
}

/** Text compared line by line, ignoring the trailing spaces a code block may keep. */
export const trimLines = (text: string) => text.split("\n").map((line) => line.trimEnd()).join("\n").trim();
