import { describe, expect, it } from "vitest";
import { validatedOnce } from "../../src/node/config/validatedOnce";
import { tempFolders } from "./helpers/tempFolders";

const siteDir = tempFolders("validated-once");

/** A schema stand-in that fills a default, passes an optional field through, and counts its runs. */
function schema() {
  const runs = { count: 0 };
  const validate = (input: { title?: unknown; search?: { algolia?: unknown } }) => () => {
    runs.count += 1;
    if (typeof input.title !== "string") throw new Error("title must be a string");
    return { title: input.title, tagline: "", search: { algolia: input.search?.algolia } };
  };
  return { runs, validate };
}

describe("a config checked once per input", () => {
  it("gives a later run what the schema made of the same input, undefined fields and all, without running it", async () => {
    const dir = siteDir();
    const { runs, validate } = schema();
    const input = { title: "Docs", navbar: { items: [{ label: "Guide", to: "/guide" }] } };
    const first = await validatedOnce(dir, "site config", input, validate(input));
    const again = await validatedOnce(dir, "site config", structuredClone(input), validate(input));
    expect(runs.count).toBe(1);
    expect(again).toEqual(first);
    expect("algolia" in again.search).toBe(true);
    // Another input, or the same under another name, is checked.
    await validatedOnce(dir, "site config", { ...input, title: "Other" }, validate({ ...input, title: "Other" }));
    await validatedOnce(dir, "sidebars docs/sidebars.json", input, validate(input));
    expect(runs.count).toBe(3);
  });

  it("checks every time what its JSON text does not show, and never keeps a rejection", async () => {
    const dir = siteDir();
    const { runs, validate } = schema();
    const withFunction = { title: "Docs", markdown: { format: () => "mdx" } };
    for (let run = 0; run < 2; run++) await validatedOnce(dir, "site config", withFunction, validate(withFunction));
    expect(runs.count).toBe(2);
    const wrong = { title: 42 };
    for (let run = 0; run < 2; run++) await expect(validatedOnce(dir, "site config", wrong, validate(wrong))).rejects.toThrow("title must be a string");
    expect(runs.count).toBe(4);
  });
});
