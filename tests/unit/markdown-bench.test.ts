import { expect, it } from "vitest";
import { benchCompile, benchPage } from "../../scripts/benchCompile";

it("reports the compile time of a page with ten highlighted code blocks", async () => {
  expect(benchPage().match(/^```\w+/gm)).toHaveLength(10);
  const { msPerPage } = await benchCompile({ iterations: 5, warmup: 2 });
  console.log(`Markdown compile: ${msPerPage} ms per page (ten highlighted code blocks)`);
  expect(msPerPage).toBeGreaterThan(0);
});
