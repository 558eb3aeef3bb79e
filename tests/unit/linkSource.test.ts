import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeBrokenLink, lineOfLink } from "../../src/node/build/linkSource";

describe("where a broken link is written", () => {
  it("finds the line of a Markdown, angle-bracket or JSX link, as written or decoded", () => {
    const text = "# Page\n\nThe /gone page is mentioned here.\n\nSee [gone](/gone#x) and <a href=\"/other\">x</a>.\n\n[café](</guide/café>)\n";
    expect(lineOfLink(text, "/gone#x")).toBe(5);
    expect(lineOfLink(text, "/other")).toBe(5);
    expect(lineOfLink(text, "/guide/caf%C3%A9")).toBe(7);
    expect(lineOfLink(text, "/nowhere")).toBeUndefined();
  });

  it("names the source file and line after the route pair", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "link-source-"));
    try {
      const file = path.join(dir, "second.md");
      writeFileSync(file, "# Second\n\nSee [gone](/guide/gone).\n");
      expect(describeBrokenLink({ source: "/guide/second", target: "/guide/gone" }, () => file, dir)).toBe("/guide/second -> /guide/gone (second.md:3)");
      expect(describeBrokenLink({ source: "/", target: "/x" }, () => undefined, dir)).toBe("/ -> /x");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
