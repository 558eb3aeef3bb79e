import type { Code, Root } from "mdast";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { NPM2YARN_DEFAULT_CONVERTERS, remarkNpm2Yarn, type Npm2YarnOptions } from "../../src/node/markdown/npm2yarn";
import { convertNpmCommands } from "../../src/node/markdown/npmCommands";

/**
 * Expected conversions follow npm-to-yarn, the library Docusaurus' npm2yarn
 * plugin runs (its npmToYarn/npmToPnpm/npmToBun rules and Docusaurus'
 * conversion-test.md fixture).
 */
describe("npm commands for Yarn, pnpm and Bun", () => {
  const cases: [string, string, string, string][] = [
    ["npm install", "yarn install", "pnpm install", "bun install"],
    ["npm install --save docusaurus-plugin-name", "yarn add docusaurus-plugin-name", "pnpm add docusaurus-plugin-name", "bun add docusaurus-plugin-name"],
    ["npm i -D typescript", "yarn add --dev typescript", "pnpm add -D typescript", "bun add --dev typescript"],
    ["npm install --global docusaurus", "yarn global add docusaurus", "pnpm add --global docusaurus", "bun add --global docusaurus"],
    ["npm remove package-name", "yarn remove package-name", "pnpm remove package-name", "bun remove package-name"],
    ["npm run xxx -- --arg", "yarn xxx --arg", "pnpm run xxx -- --arg", "bun run xxx --arg"],
    // A script named like one of yarn's own commands keeps `run`.
    ["npm run info", "yarn run info", "pnpm run info", "bun run info"],
    ["npm test", "yarn test", "pnpm test", "bun run test"],
    ["npm init docusaurus", "yarn create docusaurus", "pnpm create docusaurus", "bunx create-docusaurus"],
    ["npm init docusaurus@latest my-website classic", "yarn create docusaurus@latest my-website classic", "pnpm create docusaurus@latest my-website classic", "bunx create-docusaurus@latest my-website classic"],
    ["npx docusaurus start", "yarn dlx docusaurus start", "pnpm dlx docusaurus start", "bunx docusaurus start"],
    ["npm ls react", 'yarn list --pattern "react"', "pnpm ls react", "bun pm ls react"],
    // No rule: the library keeps the words and says so in a comment.
    ["npm ci", "yarn ci\n# couldn't auto-convert command", "npm ci\n# couldn't auto-convert command", "npm ci\n# couldn't auto-convert command"],
  ];
  it.each(cases)("%s", (npm, yarn, pnpm, bun) => {
    expect([convertNpmCommands(npm, "yarn"), convertNpmCommands(npm, "pnpm"), convertNpmCommands(npm, "bun")]).toEqual([yarn, pnpm, bun]);
  });

  it("rewrites every npm line and leaves other lines and pnpm commands alone", () => {
    expect(convertNpmCommands("cd website\nnpm install\npnpm install\nnpm start", "yarn")).toBe("cd website\nyarn install\npnpm install\nyarn start");
  });
});

function transform(markdown: string, options: Npm2YarnOptions | undefined): Root {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkNpm2Yarn, options);
  return processor.runSync(processor.parse(markdown)) as Root;
}

describe("```bash npm2yarn blocks", () => {
  const sync = { sync: true, converters: NPM2YARN_DEFAULT_CONVERTERS };

  it("become Tabs with an npm, Yarn, pnpm and Bun tab, synced through groupId npm2yarn", () => {
    const [tabs] = transform("```bash npm2yarn\nnpm install --save widget-kit\n```\n", sync).children as MdxJsxFlowElement[];
    expect(tabs.name).toBe("Tabs");
    expect(tabs.attributes).toEqual([{ type: "mdxJsxAttribute", name: "groupId", value: "npm2yarn" }]);
    const items = tabs.children as MdxJsxFlowElement[];
    expect(items.map((item) => item.attributes.map((attribute) => `${(attribute as { name: string }).name}=${(attribute as { value: string }).value}`).join(" "))).toEqual([
      "value=npm",
      "value=yarn label=Yarn",
      "value=pnpm label=pnpm",
      "value=bun label=Bun",
    ]);
    expect(items.map((item) => item.children[0] as Code).map((code) => [code.lang, code.meta, code.value])).toEqual([
      ["bash", undefined, "npm install --save widget-kit"],
      ["bash", undefined, "yarn add widget-kit"],
      ["bash", undefined, "pnpm add widget-kit"],
      ["bash", undefined, "bun add widget-kit"],
    ]);
  });

  it("are not synced without sync, follow the converters listed, and need the meta to be exactly npm2yarn", () => {
    const tree = transform("```bash npm2yarn\nnpm start\n```\n\n```bash npm2yarn title=\"x\"\nnpm start\n```\n", { sync: false, converters: ["pnpm"] });
    const [tabs, untouched] = tree.children as (MdxJsxFlowElement | Code)[];
    expect(tabs.type === "mdxJsxFlowElement" && tabs.attributes).toEqual([]);
    expect((tabs as MdxJsxFlowElement).children).toHaveLength(2);
    expect(untouched.type).toBe("code");
  });

  it("stay code blocks when the site does not list the plugin", () => {
    expect(transform("```bash npm2yarn\nnpm start\n```\n", undefined).children[0].type).toBe("code");
  });
});
