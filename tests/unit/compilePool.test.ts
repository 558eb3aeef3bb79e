import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { CompilePool } from "../../src/node/markdown/compilePool";

describe("the compile threads", () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), "compile-pool-"));
  const file = path.join(siteDir, "docs/intro.md");
  writeFileSync(path.join(siteDir, "site.config.ts"), "export default { title: 'Pool', url: 'https://pool.example.org' };\n");
  const job = (body: string) => ({ file, body, frontMatter: {}, siteDir, prismThemes: {}, additionalLanguages: [], development: false });
  const pool = new CompilePool(new Map(), 1);
  afterAll(async () => {
    await pool.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it("start another thread when one dies, so later pages still compile", async () => {
    expect((await pool.compile(job("# Before\n\nFirst page.\n"))).contentTitle).toBe("Before");
    const thread = (pool as unknown as { workers: Worker[] }).workers[0]!;
    const died = new Promise((resolve) => thread.once("error", resolve));
    // A message the thread cannot read kills it (outside any page's compile).
    thread.postMessage(null);
    await died;
    expect((await pool.compile(job("# After\n\nThe next page.\n"))).contentTitle).toBe("After");
  }, 60_000);
});
