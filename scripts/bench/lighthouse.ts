/**
 * Lighthouse (mobile, its defaults) on a few pages of a built site, served by our own static
 * server (src/node/serve) on a free port, in Debian's Chromium. Used by `npm run lighthouse`
 * and `npm run bench`: both print the four category scores beside the target of 100.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { createStaticServer } from "../../src/node/serve/staticServer";

/** Home, a guide and an API page: the three kinds of page a reader lands on. */
export const LIGHTHOUSE_PAGES = ["/", "/pg-sql2/development-mode", "/pg-sql2/api/sql"];
export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Headless Chromium in a container: no sandbox, no GPU, and none of its own network chatter. */
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/**
 * Runs per page, of which the median run (Lighthouse's own pick: the run nearest the median first
 * contentful paint and time to interactive) is reported. One run is a coin toss on this host: the
 * headless Chromium shows a page's first frame either at once or about one or two seconds late
 * (observed first paint 0.25-0.3 s, 1.2-1.3 s or 2.2-2.3 s for the same page, and for a bare page
 * with one style rule too), and Speed Index, taken from that observed paint, moves with it.
 */
export const LIGHTHOUSE_RUNS = 3;
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export interface PageScores {
  page: string;
  /** 0–100 per category. */
  scores: Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number>;
  /** Audits that lost points: "id: title (display value)". */
  failing: string[];
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  /** Lighthouse's measure of the host's CPU: about 1500-2000 on a fast desktop, under 800 on a mid-range phone. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  /** Each run's performance score, in the order run; `scores` and the rest are the median run's. */
  performanceRuns: number[];
}

export interface LighthouseOptions {
  pages?: string[];
  /** Also write each page's full Lighthouse report (JSON) here, for looking into an audit. */
  reportDir?: string;
  /**
   * Lighthouse's CPU slowdown (default 4, meant for a fast desktop host). Its throttling docs
   * suggest a lower one on a host that is itself as slow as a phone (see benchmarkIndex).
   */
  cpuSlowdown?: number;
  /** Runs per page (LIGHTHOUSE_RUNS unless told). */
  runs?: number;
}

export async function lighthouseScores(buildDir: string, options: LighthouseOptions = {}): Promise<PageScores[]> {
  const pages = options.pages ?? LIGHTHOUSE_PAGES;
  const server = createStaticServer(buildDir);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const results: PageScores[] = [];
    for (const page of pages) {
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < (options.runs ?? LIGHTHOUSE_RUNS); run++) {
        const result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
          // Merged into Lighthouse's mobile settings, as its --throttling.cpuSlowdownMultiplier flag is.
          ...(options.cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } }),
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${page}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const valid: LighthouseResult[] = filterToValidRuns(runs);
      if (valid.length === 0) throw new Error(`Lighthouse measured no first contentful paint or time to interactive for ${page} in ${runs.length} runs`);
      const lhr: LighthouseResult = computeMedianRun(valid);
      if (options.reportDir) {
        mkdirSync(options.reportDir, { recursive: true });
        writeFileSync(path.join(options.reportDir, `${page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.json`), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as PageScores["scores"];
      const counted = new Set(LIGHTHOUSE_CATEGORIES.flatMap((id) => (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id)));
      const failing = Object.values(lhr.audits)
        .filter((audit) => counted.has(audit.id) && audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        page,
        scores,
        failing,
        firstContentfulPaintMs: metric("first-contentful-paint"),
        largestContentfulPaintMs: metric("largest-contentful-paint"),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
        performanceRuns: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      });
    }
    return results;
  } finally {
    chrome.kill();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** One line per page: the four scores, each against 100, then FCP and LCP. */
export function formatScores(result: PageScores): string {
  const scores = LIGHTHOUSE_CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(", ");
  const runs = result.performanceRuns.length > 1 ? `; median of ${result.performanceRuns.length} runs, performance ${result.performanceRuns.join(" / ")}` : "";
  return `${result.page.padEnd(28)} ${scores}  (FCP ${(result.firstContentfulPaintMs / 1000).toFixed(1)} s, LCP ${(result.largestContentfulPaintMs / 1000).toFixed(1)} s${runs})`;
}

export const allPerfect = (result: PageScores) => LIGHTHOUSE_CATEGORIES.every((id) => result.scores[id] === 100);
