/**
 * The playground's speed as a reader meets it: Chromium opens a page of this
 * site's build, presses Try it on a `query` example, then Run, and times in the
 * page from the press of Run to the first frame showing the rows PostgreSQL returned.
 */
import path from "node:path";
import { chromium } from "playwright-core";
import type { AddressInfo } from "node:net";
import { createStaticServer } from "../src/node/serve/staticServer";

const PAGE = "/pg-sql2/api/sql-identifier";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LATER_RUNS = 5;

export interface PlaygroundFigures {
  /** Milliseconds of the first run, Run to rows shown: the worker, the packages, PGlite and its database load, then the query. */
  firstRunMs: number;
  /** Median milliseconds of the runs after it. */
  laterRunMs: number;
}

/**
 * `readingMs`: how long the reader looks at the opened playground before pressing Run (0: at once,
 * the whole start inside the timed run; a reader who reads first finds PostgreSQL started).
 */
export async function benchPlayground(buildDir: string, readingMs = 0): Promise<PlaygroundFigures> {
  const server = createStaticServer(path.resolve(buildDir));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}${PAGE}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator(".try-it").filter({ hasText: "Order Items" }).first().getByRole("button", { name: /^Try it/ }).click();
    // Timed in the page: from the press of Run to the first frame that shows the query's rows
    // (the rows of the run before are gone while it runs, so an old table cannot end the wait).
    // No named functions inside: tsx would wrap them in a helper that does not exist in the page.
    const runOnce = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const playground = document.querySelector(".playground")!;
            const run = [...playground.querySelectorAll("button")].find((button) => button.textContent === "Run")!;
            const observer = new MutationObserver(() => {
              const status = playground.querySelector(".playground__status")?.textContent ?? "";
              if (/^Ran in \d+ ms\.$/.test(status) && playground.querySelector("table tbody tr")) {
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - started));
              } else if (/^(Failed|Stopped|The playground could not)/.test(status)) {
                observer.disconnect();
                reject(new Error(`the example did not run: ${status}`));
              }
            });
            observer.observe(playground, { childList: true, subtree: true, characterData: true });
            const started = performance.now();
            run.click();
          }),
      );
    await page.locator(".playground").waitFor();
    await page.waitForTimeout(readingMs);
    const firstRunMs = Math.round(await runOnce());
    const later: number[] = [];
    for (let run = 0; run < LATER_RUNS; run++) later.push(await runOnce());
    later.sort((a, b) => a - b);
    return { firstRunMs, laterRunMs: Math.round(later[Math.floor(later.length / 2)]) };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
