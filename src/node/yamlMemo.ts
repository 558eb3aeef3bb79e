import path from "node:path";
import { cacheDir } from "./cache";
import { readMemoFile, survivesJson, writeMemoFile } from "./memoFile";

/**
 * Parsed YAML blocks (front matter, _category_.yml) kept between runs, by their exact text.
 *
 * js-yaml spends 75-110 µs on a five-line front matter: 0.15-0.2 s of a 2,000-page site's load,
 * most of a rebuild that finds nothing changed. A block seen before is read back from JSON instead.
 * Only results JSON carries unchanged are kept (a YAML date, for one, is parsed every time), and
 * the file is stamped with the generator's fingerprint, so an upgraded js-yaml starts afresh.
 */
interface OpenMemo {
  file: string;
  known: Map<string, string>;
  used: Map<string, string>;
  added: boolean;
}

let memo: OpenMemo | undefined;
/**
 * The blocks the last load used, kept in memory once it closes: the compile parses each page's
 * front matter again (its worker job carries it), and on a cold 2,000-page build that second
 * js-yaml pass was 0.3 s of the main thread. Replaced by the next load's.
 */
let lastLoad: ReadonlyMap<string, string> | undefined;

/** Starts using the site's memo (a missing or unreadable one is empty). */
export function openYamlMemo(siteDir: string): void {
  const file = path.join(cacheDir(siteDir, "yaml"), "blocks.json");
  memo = { file, known: readMemoFile<string>(file), used: new Map(), added: false };
  lastLoad = undefined;
}

/** Writes the blocks this run used (those no longer in any file drop out), then stops using the memo. */
export function closeYamlMemo(): void {
  const closing = memo;
  memo = undefined;
  lastLoad = closing?.used;
  if (!closing || (!closing.added && closing.used.size === closing.known.size)) return;
  writeMemoFile(closing.file, closing.used);
}

/** `parse(block)`, or a fresh copy of what it returned for this exact text before. Errors are never kept. */
export function memoizedYaml(block: string, parse: (block: string) => unknown): unknown {
  const stored = memo ? (memo.used.get(block) ?? memo.known.get(block)) : lastLoad?.get(block);
  if (stored !== undefined) {
    memo?.used.set(block, stored);
    return JSON.parse(stored) as unknown;
  }
  const value = parse(block);
  if (memo && survivesJson(value)) {
    memo.used.set(block, JSON.stringify(value));
    memo.added = true;
  }
  return value;
}
