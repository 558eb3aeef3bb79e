import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import path from "node:path";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

/**
 * A throwaway copy of a fixture site, at the same depth as the original so
 * its site.config.ts still imports the generator by relative path.
 */
export function copyFixture(name: string): { dir: string; write(file: string, text: string): void; read(file: string): string; remove(): void } {
  const dir = mkdtempSync(path.join(FIXTURES, ".tmp-"));
  cpSync(path.join(FIXTURES, name), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}build`) });
  return {
    dir,
    write: (file, text) => writeFileSync(path.join(dir, file), text),
    read: (file) => readFileSync(path.join(dir, file), "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
