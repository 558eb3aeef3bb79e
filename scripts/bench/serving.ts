/**
 * Bench rows for serving and authoring: the search modal's first-open size, the dev server's
 * start to first rendered page, and Lighthouse through our own static server.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { LIGHTHOUSE_CATEGORIES, lighthouseScores } from "./lighthouse";
import { REPEATS, repeated, secondsWithRange } from "./repeated";
import { searchModalBytes } from "./searchModal";

type Row = (label: string, value: string, target: string, ok: boolean) => void;

const ROOT = path.resolve(import.meta.dirname, "../..");

function startCommand(): string {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  return scripts.start;
}
/** The modal's code and styles plus the index files a first query needs (issue 18, target 6). */
const MODAL_TARGET_KB = 50;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Seconds from running what `npm start` runs (package.json's start script) to the first page's full HTML. */
export async function devStartSeconds(siteDir: string, page: string): Promise<number> {
  const port = await freePort();
  const command = `${startCommand()} --port ${port} --host 127.0.0.1 --site "${siteDir}"`;
  const started = performance.now();
  // Its own process group, so stopping it stops the node process the shell started too.
  const child = spawn("sh", ["-c", command], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], detached: true, env: { ...process.env, PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}` } });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null) throw new Error(`the dev server for ${siteDir} stopped: ${stderr.trim()}`);
      const response = await fetch(`http://127.0.0.1:${port}${page}`).catch(() => undefined);
      if (response) {
        const html = await response.text();
        if (response.status !== 200) throw new Error(`the dev server answered ${page} with ${response.status}: ${html.slice(0, 200)}`);
        return (performance.now() - started) / 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the dev server for ${siteDir} did not answer ${page} within 120 s`);
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  }
}

export async function benchServing(options: { row: Row; buildDir: string; corpusDir: string; corpusPages: number }): Promise<void> {
  const { row } = options;
  const modal = await searchModalBytes(options.buildDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  row("search modal, first open + first query (gzip)", kb(modal.gzipBytes), `< ${MODAL_TARGET_KB} KB`, modal.gzipBytes < MODAL_TARGET_KB * 1024);
  row("  of which modal code", kb(modal.codeGzipBytes), "(reported)", true);
  row(`  of which index files ("${modal.heaviestQuery}", the heaviest first query)`, kb(modal.indexGzipBytes), "(reported)", true);

  // The cold builds cleared the caches: the first start also bundles the theme for the server and
  // compiles its page for the dev server (both cached under node_modules/.cache), as the first
  // `npm start` after an install or an upgrade does. The target is for the starts after it.
  for (const [label, siteDir, page, target] of [
    ["this site", ROOT, "/pg-sql2/development-mode", 1.5],
    [`${options.corpusPages} pages`, options.corpusDir, "/docs/group-00", 3],
  ] as const) {
    const first = await devStartSeconds(siteDir, page);
    row(`dev server: first start after an install, ${label}`, `${first.toFixed(1)} s`, "(reported)", true);
    const again = await repeated(() => devStartSeconds(siteDir, page));
    row(`dev server: start to first page, ${label} (median of ${REPEATS})`, secondsWithRange(again), `< ${target} s`, again.median < target);
  }

  for (const result of await lighthouseScores(options.buildDir)) {
    const scores = LIGHTHOUSE_CATEGORIES.map((id) => result.scores[id]).join("/");
    row(`Lighthouse mobile ${result.page}`, scores, `100/100/100/100 (median of ${result.performanceRuns.length} runs, performance ${result.performanceRuns.join(" / ")}; host benchmarkIndex ${Math.round(result.benchmarkIndex)})`, scores === "100/100/100/100");
  }
}
