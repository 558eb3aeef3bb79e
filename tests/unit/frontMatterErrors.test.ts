import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../plugins/content-docs/frontMatter";

describe("a front matter YAML error", () => {
  it("names the line with the mistake, not the end of the block", () => {
    // The list is never closed; the block ends on the line after it.
    const source = "---\ntags: [intro, setup\n---\n\n# Getting started\n";
    expect(() => parseFrontMatter(source, "docs/guide/getting-started.md")).toThrow(/^docs\/guide\/getting-started\.md:2:\d+: invalid YAML front matter: /);
  });
});
