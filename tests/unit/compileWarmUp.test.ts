import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The samples' highlighting in a fresh process, after the compile thread's warm-up page or not. */
function highlighted(afterWarmUp: boolean): Record<string, string> {
  const script = path.join(import.meta.dirname, "helpers/highlightAfterWarmUp.ts");
  return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", script, afterWarmUp ? "warm" : "cold"], { encoding: "utf8" })) as Record<string, string>;
}

describe("the compile thread's warm-up page", () => {
  // Prism fills in a grammar's `rest` the first time it highlights with it, and a language a site
  // adds later (flow, scss) copies the grammar it extends as it is then.
  it("leaves a site's extra languages highlighting as in a process that never compiled it", () => {
    const cold = highlighted(false);
    expect(cold.flow).toContain('<span class="token interpolation">');
    expect(highlighted(true)).toEqual(cold);
  }, 30_000);
});
