import { availableParallelism } from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compilePoolFor } from "../../src/node/build/compileThreads";
import type { SiteData } from "../../src/node/loadSite";
import type { CompilePool } from "../../src/node/markdown/compilePool";

/** A started pool that records what the build asks of it. */
function startedPool() {
  const asked = { grow: [] as number[], closed: false };
  const pool = {
    grow: (size: number) => asked.grow.push(size),
    setRoutes: () => undefined,
    close: async () => {
      asked.closed = true;
    },
  } as unknown as CompilePool;
  return { pool, asked };
}

const site = { plugins: [], routeOfSource: new Map() } as unknown as SiteData;

describe("how many compile threads a build asks for", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("sizes the pool by the pages the compile cache lacks, not by the site's size", async () => {
    vi.stubEnv("BUILD_WORKERS", undefined);
    const rebuild = startedPool();
    await compilePoolFor(rebuild.pool, site, 2000, 1);
    expect(rebuild.asked.grow).toEqual([1]);

    const cold = startedPool();
    await compilePoolFor(cold.pool, site, 2000, 2000);
    expect(cold.asked.grow).toEqual([availableParallelism()]);
  });

  it("closes the started thread for a site too small to compile off the main thread", async () => {
    const small = startedPool();
    expect(await compilePoolFor(small.pool, site, 12, 12)).toBeUndefined();
    expect(small.asked.closed).toBe(true);
  });
});
