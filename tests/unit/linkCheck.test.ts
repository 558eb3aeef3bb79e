import { describe, expect, it } from "vitest";
import { checkLinks, describeLink } from "../../src/node/build/linkCheck";

const targets = {
  idsOfRoute: new Map<string, Set<string> | undefined>([
    ["/a", new Set(["top"])],
    ["/b", new Set(["other"])],
    ["/", undefined],
  ]),
  hasFile: (file: string) => file === "img/logo.svg",
};
const sources = [
  { route: "/a", file: "docs/a.md", links: [{ url: "/b#part", line: 3 }, { url: "/B/", line: 4 }, { url: "/missing", line: 5 }, { url: "https://example.org", line: 6 }] },
  { route: "/b", file: "docs/b.md", links: [{ url: "/a#top", line: 2 }, { url: "/img/logo.svg", line: 3 }, { url: "#nowhere", line: 7 }, { url: "./gone.md", line: 8 }] },
  { route: "/", file: "src/pages/Home.tsx", links: [{ url: "/#anything" }, { url: "relative/path" }] },
];

describe("link check", () => {
  it("fails on links to routes or files that do not exist, naming file and line", () => {
    const report = checkLinks(sources, targets);
    expect(report.broken.map(describeLink)).toEqual(["docs/a.md:5 (page /a) -> /missing", "src/pages/Home.tsx (page /) -> relative/path"]);
  });

  it("only warns about missing anchors, and only where the target's ids are known", () => {
    const report = checkLinks(sources, targets);
    expect(report.missingAnchors.map(describeLink)).toEqual(["docs/a.md:3 (page /a) -> /b#part", "docs/b.md:7 (page /b) -> #nowhere"]);
  });

  it("leaves Markdown file links to the compile, which reported them with their line", () => {
    const report = checkLinks(sources, targets);
    expect([...report.broken, ...report.missingAnchors].some((link) => link.target.endsWith(".md"))).toBe(false);
  });

  it("does not crash on a malformed escape in an anchor; it warns like any missing anchor", () => {
    const report = checkLinks([{ route: "/a", file: "docs/a.md", links: [{ url: "/b#%E0%A4%A", line: 1 }] }], targets);
    expect(report.missingAnchors).toHaveLength(1);
  });
});

describe("link check with encoded and malformed paths", () => {
  it("finds pages whose routes are percent-encoded, however the link spells them", () => {
    const encoded = {
      idsOfRoute: new Map<string, Set<string> | undefined>([
        ["/guide/caf%C3%A9", new Set(["été"])],
        ["/guide/my%20page", new Set<string>()],
      ]),
      hasFile: () => false,
    };
    const sources = [
      { route: "/guide/caf%C3%A9", file: "docs/guide/café.md", links: [{ url: "/guide/my%20page", line: 3 }] },
      { route: "/guide/my%20page", file: "docs/guide/my page.md", links: [{ url: "/guide/café#%C3%A9t%C3%A9", line: 2 }, { url: "/guide/caf%C3%A9#été", line: 4 }] },
    ];
    expect(checkLinks(sources, encoded)).toEqual({ broken: [], missingAnchors: [] });
  });

  it("warns about an anchor with a malformed escape like any missing anchor, and reports a malformed path as broken", () => {
    const report = checkLinks([{ route: "/a", file: "docs/a.md", links: [{ url: "/a#%E0%A4%A", line: 1 }, { url: "/%E0%A4%A", line: 2 }] }], targets);
    expect(report.broken.map(describeLink)).toEqual(["docs/a.md:2 (page /a) -> /%E0%A4%A"]);
    expect(report.missingAnchors.map(describeLink)).toEqual(["docs/a.md:1 (page /a) -> /a#%E0%A4%A"]);
  });
});
