import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatorFingerprint } from "./cache";
import { readText } from "./text";

/**
 * One JSON file of results kept between runs, stamped with the generator that made them: a
 * different generator (an upgrade, an edit) finds it empty. Written whole under another name and
 * renamed into place, so a run cut short or running beside another never leaves half a file.
 */
interface MemoFile<T> {
  generator: string;
  entries: Record<string, T>;
}

/** The entries a memo file holds for this generator; none when it is missing, unreadable or another generator's. */
export function readMemoFile<T>(file: string): Map<string, T> {
  try {
    const stored = JSON.parse(readText(file)) as MemoFile<T>;
    if (stored.generator === generatorFingerprint()) return new Map(Object.entries(stored.entries));
  } catch {
    // No memo yet, or one cut short: every result is made again.
  }
  return new Map();
}

/** Replaces the memo file with `entries`; a memo that cannot be written only costs the next run its work. */
export function writeMemoFile<T>(file: string, entries: ReadonlyMap<string, T>): void {
  const contents: MemoFile<T> = { generator: generatorFingerprint(), entries: Object.fromEntries(entries) };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(contents));
    renameSync(partial, file);
  } catch {
    // Left for the next run to make again.
  }
}

/**
 * True when `value` comes back from JSON.parse(JSON.stringify(value)) as the same value; with
 * `undefinedProperties`, an object's undefined properties may come back absent.
 */
export function survivesJson(value: unknown, options: { undefinedProperties?: boolean } = {}): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((item) => survivesJson(item, options));
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value as Record<string, unknown>).every(
    ([key, item]) => key !== "__proto__" && ((item === undefined && options.undefinedProperties === true) || survivesJson(item, options)),
  );
}
