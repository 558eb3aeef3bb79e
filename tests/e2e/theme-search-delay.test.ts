/**
 * The search modal's loading indicator waits SEARCH_LOADING_DELAY_MS (spec: 200 ms), so a fast
 * answer never flashes a spinner; a slow one shows it until the results arrive.
 */
import { describe, expect, it } from "vitest";
import { SEARCH_LOADING_DELAY_MS } from "../../src/core/search/constants";
import { browserSuite, DOC } from "./support";

const site = browserSuite();

/** How long the search index's manifest (the first file every search waits for) takes to arrive: well past the delay. */
const INDEX_DELAY_MS = 2_000;

interface Timeline {
  typedAt?: number;
  loadingAt?: number;
  loadingBeforeTyping: boolean;
  hitsAt?: number;
  loadingAfterHits: boolean;
}

describe("the search modal while results are slow", () => {
  it(`shows no loading indicator for the first ${SEARCH_LOADING_DELAY_MS} ms, then one until the hits arrive`, async () => {
    const { page } = await site.open(DOC, undefined, {
      route: [/\/search-index\/manifest\.json$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, INDEX_DELAY_MS));
        await route.continue().catch(() => undefined);
      }],
    });
    // Watched in the page, frame by frame, so the test's own latency does not blur the timing.
    await page.evaluate(() => {
      const timeline: Timeline = { loadingBeforeTyping: false, loadingAfterHits: false };
      (window as unknown as { __timeline: Timeline }).__timeline = timeline;
      document.addEventListener("input", (event) => {
        if ((event.target as Element | null)?.classList?.contains("DocSearch-Input")) timeline.typedAt ??= performance.now();
      }, true);
      const frame = () => {
        const indicator = document.querySelector(".DocSearch-LoadingIndicator");
        const loading = !!indicator && getComputedStyle(indicator).display !== "none";
        const hits = !!document.querySelector(".DocSearch-Hit");
        if (loading && timeline.typedAt === undefined) timeline.loadingBeforeTyping = true;
        if (loading && timeline.typedAt !== undefined) timeline.loadingAt ??= performance.now();
        if (hits) timeline.hitsAt ??= performance.now();
        if (loading && timeline.hitsAt !== undefined) timeline.loadingAfterHits = true;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.locator(".DocSearch-Input").fill("sql");
    await page.locator(".DocSearch-Hit a").first().waitFor({ timeout: 15_000 });
    // A few more frames, to see that the indicator went away with the hits.
    await page.waitForTimeout(200);
    const timeline = await page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline);
    expect(timeline.loadingBeforeTyping).toBe(false);
    expect(timeline.typedAt).toBeDefined();
    expect(timeline.loadingAt, "the loading indicator never appeared while the index was slow").toBeDefined();
    expect(timeline.loadingAt! - timeline.typedAt!).toBeGreaterThanOrEqual(SEARCH_LOADING_DELAY_MS);
    expect(timeline.loadingAt!).toBeLessThan(timeline.hitsAt!);
    expect(timeline.loadingAfterHits).toBe(false);
  });
});
