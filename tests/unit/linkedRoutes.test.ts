import { describe, expect, it } from "vitest";
import { linkedRoutes } from "../../src/node/markdown/linkedRoutes";

const routes = new Map([
  ["/site/docs/intro.md", "/docs/intro"],
  ["/site/docs/setup/install.mdx", "/docs/setup/install"],
  ["/site/docs/setup/first steps.md", "/docs/setup/first-steps"],
  ["/site/docs/reference/Config.MD", "/docs/reference/config"],
  ["/site/docs/reference/cli.md", "/docs/reference/cli"],
]);
const lines = (text: string) => linkedRoutes("/site/docs/intro.md", text, routes).split("\n");

describe("the routes a page's compile can depend on", () => {
  it("starts with the page's own route", () => {
    expect(lines("# Intro\n\nNo links here.\n")).toEqual(["/docs/intro"]);
  });

  it("takes every doc whose file name the source mentions, however the link is written", () => {
    const source = [
      "Read [the install guide](./setup/install.mdx#requirements) first,",
      "then [the first steps](<setup/first steps.md>) or [their encoded link](setup/first%20steps.md).",
      "[config]: @site/docs/reference/Config.MD",
    ].join("\n");
    expect(lines(source).slice(1)).toEqual([
      "/site/docs/reference/Config.MD\t/docs/reference/config",
      "/site/docs/setup/first steps.md\t/docs/setup/first-steps",
      "/site/docs/setup/install.mdx\t/docs/setup/install",
    ]);
  });

  it("leaves out docs the source never names", () => {
    expect(lines("See [the CLI](https://example.org/cli) and `install.sh`.\n")).toEqual(["/docs/intro"]);
  });
});
