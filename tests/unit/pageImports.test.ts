import { describe, expect, it } from "vitest";
import { rewritePageImports, UnfitPage, type FileTarget, type ImportTarget } from "../../src/node/build/pageImports";

/** A compiled page module as the Markdown compile writes one, with a code block that shows an import. */
const page = [
  'import {Fragment as _Fragment, jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";',
  'import DeferredHtml from "@theme/DeferredHtml";',
  'import Admonition from "@theme/Admonition";',
  'import "../../.cache/prism-themes/github--dracula.css";',
  "export default function MDXContent(props = {}) {",
  '  return _jsxs(_Fragment, { children: [_jsx(Admonition, { type: "tip", children: "Keep values apart." }), _jsx("pre", { children: "import sql from \\"pg-sql2\\";" })] });',
  "}",
  'export const loadDeferredHtml = () => import("./orders.md?deferred-html").then((module) => module.default);',
  "",
].join("\n");

const targets: Record<string, FileTarget | null> = {
  "react/jsx-runtime": { file: "./client-Ab12.js" },
  "@theme/DeferredHtml": { file: "./client-Ab12.js", defaultFrom: "DeferredHtml" },
  "@theme/Admonition": { file: "./theme-Admonition-Cd34.js" },
  "../../.cache/prism-themes/github--dracula.css": null,
  "./orders.md?deferred-html": { file: "./orders-Ef56.js" },
};

describe("a standalone page's imports", () => {
  it("point at the app's chunks: named and default imports, the stylesheet dropped, the deferred HTML's dynamic import", async () => {
    const rewritten = await rewritePageImports(page, (specifier) => targets[specifier]);
    expect(rewritten.split("\n").slice(0, 4)).toEqual([
      'import {Fragment as _Fragment, jsx as _jsx, jsxs as _jsxs} from "./client-Ab12.js";',
      'import { DeferredHtml as DeferredHtml } from "./client-Ab12.js";',
      'import Admonition from "./theme-Admonition-Cd34.js";',
      ";",
    ]);
    expect(rewritten).toContain('import("./orders-Ef56.js")');
    // The code block's text is a string, not an import.
    expect(rewritten).toContain('"import sql from \\"pg-sql2\\";"');
  });

  it("resolve a dynamic import to a namespace given as an expression, loading no module; a static import of one is unfit", async () => {
    const inline = (specifier: string): ImportTarget | undefined => (specifier.endsWith("?deferred-html") ? { namespace: '{ default: ["<b>1</b>"] }' } : targets[specifier]);
    const rewritten = await rewritePageImports(page, inline);
    expect(rewritten).toContain('export const loadDeferredHtml = () => Promise.resolve({ default: ["<b>1</b>"] }).then((module) => module.default);');
    const module = await import(`data:text/javascript,${encodeURIComponent(rewritten.split("\n").filter((line) => line.startsWith("export const loadDeferredHtml")).join("\n"))}`);
    expect(await module.loadDeferredHtml()).toEqual(["<b>1</b>"]);
    const statically = `import strings from "./orders.md?deferred-html";\n${page}`;
    await expect(rewritePageImports(statically, inline)).rejects.toEqual(new UnfitPage(["./orders.md?deferred-html"]));
  });

  it("leave the page to the bundler when it imports anything else, or imports in another form", async () => {
    const own = `import Chart from "../src/components/Chart";\n${page}`;
    await expect(rewritePageImports(own, (specifier) => targets[specifier])).rejects.toEqual(new UnfitPage(["../src/components/Chart"]));
    const namespace = page.replace("import DeferredHtml from", "import * as DeferredHtml from");
    await expect(rewritePageImports(namespace, (specifier) => targets[specifier])).rejects.toBeInstanceOf(UnfitPage);
  });

  it("rewrite each module by its own imports when modules alternate, and one module for two sets of targets", async () => {
    const other = page.replace('import Admonition from "@theme/Admonition";\n', "").replace("_jsx(Admonition, ", '_jsx("aside", ');
    const server = (specifier: string): ImportTarget | undefined => (specifier in targets && targets[specifier] ? { ...targets[specifier]!, file: targets[specifier]!.file.replace("./", "../server/") } : targets[specifier]);
    const first = await rewritePageImports(page, (specifier) => targets[specifier]);
    const second = await rewritePageImports(other, (specifier) => targets[specifier]);
    expect(second).not.toContain("theme-Admonition");
    expect(second).toContain('import { DeferredHtml as DeferredHtml } from "./client-Ab12.js";');
    expect(await rewritePageImports(page, (specifier) => targets[specifier])).toBe(first);
    const onServer = await rewritePageImports(page, server);
    expect(onServer).toContain('import Admonition from "../server/theme-Admonition-Cd34.js";');
    expect(onServer).toContain('import("../server/orders-Ef56.js")');
  });
});
