import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../plugins/content-docs/frontMatter";
import { llmsPlugin } from "../../plugins/llms";
import { COPY_RECORD_FILE } from "../../plugins/llms/copyRecord";
import type { SiteConfig } from "../../src/node/config/types";
import { compileMarkdown } from "../../src/node/markdown/compile";
import type { PageFacts } from "../../src/node/markdown/facts";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";
import type { EmitFilesArgs, EmittedContents, EmittedPart, RouteSummary } from "../../src/node/plugins/types";
import { docRoute } from "./theme-fixtures";
import { tempFolders } from "./helpers/tempFolders";

const SITE = { url: "https://recipes.example.net", baseUrl: "/", title: "Recipes", tagline: "" } as SiteConfig;
const folders = tempFolders("llms-rebuild");

interface Page {
  path: string;
  title: string;
  source: string;
}

const breads: Page[] = [
  { path: "/sourdough", title: "Sourdough", source: "# Sourdough\n\nFeed the starter the night before. Bake at 250 °C.\n" },
  { path: "/brioche", title: "Brioche", source: "# Brioche\n\nButter goes in last — cold, in cubes.\n\n## Proving\n\nOvernight, in the fridge.\n" },
  { path: "/focaccia", title: "Focaccia", source: "# Focaccia\n\nDimple the dough with oiled fingers; salt it generously.\n" },
];

/** A file's bytes as the writer makes them: parts that are bytes of the last output's files are taken from `last`. */
function bytesOf(contents: EmittedContents | undefined, last: Record<string, EmittedContents> = {}): Buffer {
  if (typeof contents === "string") return Buffer.from(contents);
  if (contents instanceof Uint8Array) return Buffer.from(contents);
  return Buffer.concat((contents ?? []).map((part) => (typeof part === "string" ? Buffer.from(part) : bytesOf(last[part.previousFile]).subarray(part.start, part.end))));
}
const text = (contents: EmittedContents | undefined) => bytesOf(contents).toString();

/** Compiled pages as the build hands them to plugins, counting the reads of each one's plain copy. */
async function compiled(pages: Page[]): Promise<{ routes: RouteSummary[]; facts: Map<string, PageFacts>; keys: Map<string, string>; copiesRead: string[] }> {
  const facts = new Map<string, PageFacts>();
  const keys = new Map<string, string>();
  const copiesRead: string[] = [];
  for (const page of pages) {
    const file = `/site/docs${page.path}.md`;
    const { frontMatter, body } = parseFrontMatter(page.source, file);
    const result = await compileMarkdown({ file, body, frontMatter, routeOfSource: () => page.path, additionalLanguages: [], development: false, siteDir: "/site", prismThemes: {}, site: SITE });
    const { plainCopy, ...rest } = result.facts;
    facts.set(file, Object.defineProperty(rest, "plainCopy", { get: () => (copiesRead.push(page.path), plainCopy), enumerable: true }) as PageFacts);
    keys.set(file, outputContentHash(page.source));
  }
  const routes = pages.map((page): RouteSummary => ({ path: page.path, pluginId: "default", sectionLabel: "Breads", component: `/site/docs${page.path}.md`, doc: docRoute(page.path, { id: page.path, title: page.title }).doc, inLastVersion: true }));
  return { routes, facts, keys, copiesRead };
}

/** One build's emitFiles, given the last output's files and the plugin's cache folder; the output as it stands after (every file's bytes). */
async function emit(pages: Page[], cacheDir: string, last?: { output: Record<string, EmittedContents> }) {
  const { routes, facts, keys, copiesRead } = await compiled(pages);
  const hashes = new Map(Object.entries(last?.output ?? {}).map(([name, contents]) => [name, outputContentHash(bytesOf(contents))]));
  const kept: string[] = [];
  const args: EmitFilesArgs = {
    siteConfig: SITE,
    routes,
    factsOf: (route) => facts.get(route.component),
    compileKeyOf: (route) => keys.get(route.component),
    cacheDir,
    ...(last ? { previousFiles: (prefix: string) => new Map([...hashes].filter(([name]) => name.startsWith(prefix))), keep: (relative: string) => void kept.push(relative) } : {}),
  };
  const plugin = llmsPlugin({ siteDir: "/site", siteConfig: SITE, dev: false });
  const files = await plugin.emitFiles!(args);
  const output: Record<string, EmittedContents> = Object.fromEntries(kept.map((name) => [name, last!.output[name]!]));
  for (const [name, contents] of Object.entries(files)) output[name] = bytesOf(contents, last?.output);
  // The build tells the plugin of each file written, with its bytes' hash.
  const outDir = "/site/build";
  for (const name of Object.keys(files)) plugin.outputFileWritten?.({ file: path.join(outDir, name), outDir, hash: outputContentHash(bytesOf(output[name])) });
  return { files, kept, output, copiesRead };
}

describe("llms.txt and its copies on a rebuild", () => {
  it("takes each unchanged page's text from the last llms-full.txt without reading its copy, and writes what a cold build would", async () => {
    const cacheDir = folders();
    const first = await emit(breads, cacheDir);
    expect(first.copiesRead.sort()).toEqual(["/brioche", "/focaccia", "/sourdough"]);

    const edited = breads.map((page) => (page.path === "/brioche" ? { ...page, source: page.source.replace("Overnight", "Twelve hours") } : page));
    const rebuild = await emit(edited, cacheDir, first);
    expect(rebuild.copiesRead).toEqual(["/brioche"]);
    expect(rebuild.kept.sort()).toEqual(["focaccia.md", "sourdough.md"]);
    expect(Object.keys(rebuild.files).sort()).toEqual(["brioche.md", "llms-full.txt", "llms.txt"]);

    const cold = await emit(edited, folders());
    expect(Object.keys(rebuild.output).sort()).toEqual(Object.keys(cold.output).sort());
    for (const name of Object.keys(cold.output)) expect(text(rebuild.output[name]), name).toBe(text(cold.output[name]));
    expect(text(rebuild.output["llms-full.txt"])).toContain("Twelve hours, in the fridge.");
    // The unchanged pages' parts are the last file's bytes, the one before the edited page and the
    // one after it each one range.
    expect((rebuild.files["llms-full.txt"] as EmittedPart[]).filter((part) => typeof part !== "string")).toHaveLength(2);

    // Built again on that output, nothing changed: every part is one range of it.
    const again = await emit(edited, cacheDir, rebuild);
    expect(again.copiesRead).toEqual([]);
    expect((again.files["llms-full.txt"] as EmittedPart[]).filter((part) => typeof part !== "string")).toHaveLength(1);
    expect(text(again.output["llms-full.txt"])).toBe(text(cold.output["llms-full.txt"]));
  });

  it("reads every copy again when the last llms-full.txt is not the one its record describes", async () => {
    const cacheDir = folders();
    const first = await emit(breads, cacheDir);
    // Edited by hand in the output since: the record's byte positions no longer fit it.
    const changed = { output: { ...first.output, "llms-full.txt": `Notes\n${text(first.output["llms-full.txt"])}` } };
    const rebuild = await emit(breads, cacheDir, changed);
    expect(rebuild.copiesRead.sort()).toEqual(["/brioche", "/focaccia", "/sourdough"]);
    expect(text(rebuild.output["llms-full.txt"])).toBe(text(first.output["llms-full.txt"]));
  });

  it("reads every copy again when its record is damaged", async () => {
    const cacheDir = folders();
    const first = await emit(breads, cacheDir);
    writeFileSync(path.join(cacheDir, COPY_RECORD_FILE), "{ cut short");
    const rebuild = await emit(breads, cacheDir, first);
    expect(rebuild.copiesRead.sort()).toEqual(["/brioche", "/focaccia", "/sourdough"]);
    expect(text(rebuild.output["llms-full.txt"])).toBe(text(first.output["llms-full.txt"]));
  });
});
