/**
 * The playground's speed as a reader meets it: Chromium opens a page of this
 * site's build, presses Try it on a `query` example and Run, and reads the time
 * the page itself reports ("Ran in N ms", from the press of Run to the rows shown).
 */
import path from "node:path";
import { chromium } from "playwright-core";
import type { AddressInfo } from "node:net";
import { createStaticServer } from "../src/node/serve/staticServer";

const PAGE = "/pg-sql2/api/sql-identifier";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LATER_RUNS = 5;

export interface PlaygroundFigures {
  /** Milliseconds of the first run: the worker, the packages, PGlite and its database load, then the query. */
  firstRunMs: number;
  /** Median milliseconds of the runs after it. */
  laterRunMs: number;
}

export async function benchPlayground(buildDir: string): Promise<PlaygroundFigures> {
  const server = createStaticServer(path.resolve(buildDir));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}${PAGE}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator(".try-it").filter({ hasText: "Order Items" }).first().getByRole("button", { name: /^Try it/ }).click();
    const runOnce = async () => {
      await page.getByRole("button", { name: "Run", exact: true }).click();
      await page.waitForFunction(() => /^Ran in \d+ ms\.$/.test(document.querySelector(".playground__status")?.textContent ?? ""), null, { timeout: 120_000 });
      // The table must be there: a run that printed but did not query would be a different figure.
      await page.locator(".playground table").waitFor();
      return Number(/\d+/.exec((await page.locator(".playground__status").textContent()) ?? "")?.[0]);
    };
    const firstRunMs = await runOnce();
    const later: number[] = [];
    for (let run = 0; run < LATER_RUNS; run++) later.push(await runOnce());
    later.sort((a, b) => a - b);
    return { firstRunMs, laterRunMs: later[Math.floor(later.length / 2)] };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
