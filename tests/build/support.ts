import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { RouteIndex, RouteRecord, SidebarItem } from "../../src/core/types";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

/**
 * A throwaway copy of a fixture site, at the same depth as the original so
 * its site.config.ts still imports the generator by relative path.
 */
export function copyFixture(name: string): { dir: string; write(file: string, text: string): void; read(file: string): string; remove(): void } {
  const dir = mkdtempSync(path.join(FIXTURES, ".tmp-"));
  // Not the fixture's caches: their record names an output outside the copy, which a build would link from.
  const skipped = [`${path.sep}build`, path.join("node_modules", ".cache")];
  cpSync(path.join(FIXTURES, name), dir, { recursive: true, filter: (source) => !skipped.some((part) => source.includes(part)) });
  return {
    dir,
    write: (file, text) => writeFileSync(path.join(dir, file), text),
    read: (file) => readFileSync(path.join(dir, file), "utf8"),
    // Retried: a build's old output is deleted by an rm of its own, which may still be at work in the copy.
    remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }),
  };
}

/** A built section as the browser can load it: its index, every route of its chunks, its sidebars by name per version. */
export interface BuiltSection {
  index: RouteIndex;
  routes: RouteRecord[];
  sidebars: Record<string, Record<string, SidebarItem[]>>;
}

/** Every route section of a build output, read the way the browser reads them (index, then the files it names). */
export function readSections(buildDir: string, baseUrl = "/"): BuiltSection[] {
  const json = (url: string) => JSON.parse(readFileSync(path.join(buildDir, url.slice(baseUrl.length)), "utf8")) as unknown;
  return readdirSync(path.join(buildDir, "route-index")).map((name) => {
    const index = JSON.parse(readFileSync(path.join(buildDir, "route-index", name), "utf8")) as RouteIndex;
    return {
      index,
      routes: index.chunks.flatMap((chunk) => json(chunk.file) as RouteRecord[]),
      sidebars: Object.fromEntries(index.versions.map((version) => [version.name, Object.fromEntries(Object.entries(version.sidebars).map(([sidebar, url]) => [sidebar, json(url) as SidebarItem[]]))])),
    };
  });
}

/** Every file under `dir` by its path relative to `dir`, with its bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [path.relative(dir, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name))]));
}

/** The same files with the same bytes (a file named when it differs). */
export function expectSameTree(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [file, contents] of expected) expect(actual.get(file)?.equals(contents), file).toBe(true);
}

/** A GET of `route` from a server at `base`: its status and body as text. */
export async function fetchText(base: string, route: string): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL(route, base));
  return { status: response.status, text: await response.text() };
}
