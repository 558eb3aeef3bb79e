import { describe, expect, it } from "vitest";
import { checkLinks } from "../../src/node/build/linkCheck";

const pages = [
  { route: "/a", html: '<h2 id="top">Top</h2><a href="/b#part">b</a><a href="/B/">b again</a><a href="/missing">x</a><a href="https://example.org">ext</a>' },
  { route: "/b", html: '<h2 id="other">Other</h2><a href="/a#top">a</a><a href="/img/logo.svg">logo</a><a href="#nowhere">self</a>' },
];

describe("link check", () => {
  it("lists every link to a page or file that does not exist as source -> target", () => {
    const report = checkLinks(pages, new Set(["img/logo.svg"]));
    expect(report.broken).toEqual([{ source: "/a", target: "/missing" }]);
  });

  it("reports missing anchors separately, as warnings", () => {
    const report = checkLinks(pages, new Set(["img/logo.svg"]));
    expect(report.missingAnchors).toEqual([
      { source: "/a", target: "/b#part" },
      { source: "/b", target: "#nowhere" },
    ]);
  });
});

describe("link check with encoded and malformed paths", () => {
  it("finds pages whose routes are percent-encoded, however the link spells them", () => {
    const encoded = [
      { route: "/guide/caf%C3%A9", html: '<h2 id="été">x</h2><a href="/guide/my%20page">a</a>' },
      { route: "/guide/my%20page", html: '<a href="/guide/café#%C3%A9t%C3%A9">b</a><a href="/guide/caf%C3%A9#été">c</a>' },
    ];
    expect(checkLinks(encoded, new Set())).toEqual({ broken: [], missingAnchors: [] });
  });

  it("warns about an anchor with a malformed escape like any missing anchor, and reports a malformed path as broken", () => {
    const report = checkLinks([{ route: "/a", html: '<a href="/a#%E0%A4%A">x</a><a href="/%E0%A4%A">y</a>' }], new Set());
    expect(report).toEqual({ broken: [{ source: "/a", target: "/%E0%A4%A" }], missingAnchors: [{ source: "/a", target: "/a#%E0%A4%A" }] });
  });
});
