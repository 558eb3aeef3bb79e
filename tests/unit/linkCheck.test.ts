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
