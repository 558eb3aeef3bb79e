import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { removeTree } from "./build/removeTree";
import { GENERATOR_DIR } from "./generatorDir";
import { fingerprintGenerator } from "./generatorFingerprint";
import { decodeText, readText } from "./text";
import { GENERATOR_VERSION } from "./version";

/**
 * Where results that outlive a build are kept: `node_modules/.cache/` of the
 * site, the folder Babel, Vite and Docusaurus use, so `rm -rf node_modules`
 * or a clean install clears it.
 */
export function cacheDir(siteDir: string, name: string): string {
  return path.join(siteDir, "node_modules", ".cache", "graphile-docs", name);
}

let fingerprint: string | undefined;
/**
 * A hash of the generator itself: its version, its dependency lock and every
 * source file of the Markdown pipeline, theme and commands. Any change to them (an
 * upgrade, a local edit) invalidates every cached result. Kept among the generator's own
 * caches, as its compile thread's code cache is (compilePool.ts).
 */
export function generatorFingerprint(): string {
  fingerprint ??= fingerprintGenerator(GENERATOR_DIR, GENERATOR_VERSION, cacheDir(GENERATOR_DIR, "generator-fingerprint.json"));
  return fingerprint;
}

/** Cache folders whose other generators' entries this process has set about removing. */
const tidied = new Set<string>();

/**
 * Removes, in the background, the entries other generators left in a cache folder: their keys
 * hash their own fingerprint, so no build of this generator can read them again. Kept, a 2,000-page
 * site's compiled pages grew by 55 MB with each generator change (573 MB after ten).
 */
function removeOtherGenerations(root: string, generation: string): void {
  if (tidied.has(root)) return;
  tidied.add(root);
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    // A removal that fails leaves the folder for the next build to try.
    if (name !== generation) void removeTree(path.join(root, name)).catch(() => undefined);
  }
}

/** An entry's file name: its key and this. */
const ENTRY_SUFFIX = ".json";

/** JSON text never holds a raw line break: a split entry's two parts are its first line and the rest. */
const PART_BREAK = 0x0a;
/** The first read of a split entry: a compiled page's first line is about 14 KB of its 30. */
const FIRST_READ_BYTES = 16 * 1024;
/**
 * Where first lines are read, kept from call to call (and grown when a line is longer): a fresh
 * buffer for each of a rebuild's 2,000 entries cost more in new memory than the reads (30 MB of
 * first lines: 170 ms read into fresh buffers, 90 ms into this one).
 */
let lineBuffer = Buffer.allocUnsafe(4 * FIRST_READ_BYTES);

/**
 * Which file an open descriptor reads: entries are replaced by renaming a new file over them, so a
 * new inode (or, were an inode number reused, another size or time) means other bytes.
 */
function fileIdentity(fd: number): string {
  const { ino, size, mtimeMs } = fstatSync(fd);
  return `${ino}:${size}:${mtimeMs}`;
}

/**
 * A file's text up to its first line break (its first `lines` lines, without the break after the
 * last), or the whole text when it has fewer breaks (`hasBreak` false). Reads stop at the break: a
 * rebuild reads 2,000 pages' entries for their first lines, and reading them whole copied 50 MB
 * more than that (a tenth of a second).
 */
export function readFirstLine(file: string, lines = 1, identify = false): { text: string; hasBreak: boolean; identity?: string } {
  const fd = openSync(file, "r");
  try {
    // Only when asked: a rebuild reads 2,000 pages' entries, and a stat call each costs about as much as the read.
    const identity = identify ? fileIdentity(fd) : undefined;
    let length = 0;
    let breaks = 0;
    for (;;) {
      if (length === lineBuffer.length) {
        const larger = Buffer.allocUnsafe(lineBuffer.length * 2);
        lineBuffer.copy(larger);
        lineBuffer = larger;
      }
      const wanted = length === 0 ? FIRST_READ_BYTES : lineBuffer.length - length;
      const read = readSync(fd, lineBuffer, length, wanted, length);
      for (let from = length; ; ) {
        const cut = lineBuffer.subarray(from, length + read).indexOf(PART_BREAK);
        if (cut < 0) break;
        if (++breaks === lines) return { text: decodeText(lineBuffer, 0, from + cut), hasBreak: true, identity };
        from += cut + 1;
      }
      length += read;
      if (read === 0) return { text: decodeText(lineBuffer, 0, length), hasBreak: false, identity };
    }
  } finally {
    closeSync(fd);
  }
}

/** A split entry's later part was asked for after the entry was stored again: its parts no longer belong together. */
export class EntryReplacedError extends Error {
  constructor(readonly file: string) {
    super(`${file} was stored again while a reader held its first part`);
  }
}

/** A top-level field of a stored value, as setSplit and getSplit name the fields they keep apart. */
type SplitField<Value> = keyof NonNullable<Value> & string;

/**
 * A JSON value store on disk keyed by a hash; a corrupt or missing entry is a miss, never an error.
 * Each generator keeps its entries in a folder of its own under `root`, and removes the others'.
 */
export class DiskCache<Value> {
  private readonly dir: string;

  constructor(root: string) {
    const generation = generatorFingerprint().slice(0, 16);
    this.dir = path.join(root, generation);
    removeOtherGenerations(root, generation);
  }

  /** The keys stored, listed when has() is first asked: one listing of the folder, not a stat call per key. */
  private stored: Set<string> | undefined;

  /** The file an entry is kept in (whether or not it exists). */
  fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}${ENTRY_SUFFIX}`);
  }

  private listKeys(): Set<string> {
    const keys = new Set<string>();
    let folders: string[];
    try {
      folders = readdirSync(this.dir);
    } catch {
      return keys;
    }
    for (const folder of folders) {
      try {
        for (const name of readdirSync(path.join(this.dir, folder))) if (name.endsWith(ENTRY_SUFFIX)) keys.add(name.slice(0, -ENTRY_SUFFIX.length));
      } catch {
        // Not a folder of entries.
      }
    }
    return keys;
  }

  get(key: string): Value | undefined {
    try {
      return JSON.parse(readText(this.fileOf(key))) as Value;
    } catch {
      return undefined;
    }
  }

  /**
   * Whether an entry is stored (it may still turn out unreadable: get says so). Asked once per page
   * of a rebuild: a stat call each was 0.14 s of a 2,000-page one's main thread in a profile.
   */
  has(key: string): boolean {
    this.stored ??= this.listKeys();
    return this.stored.has(key);
  }

  delete(key: string): void {
    rmSync(this.fileOf(key), { force: true });
    this.stored?.delete(key);
  }

  /**
   * Stores a value with its `bulky` fields apart, after the rest, in the same entry: a reader that
   * needs only the rest parses its first line alone (a rebuild that keeps a page's output needs its
   * compile's facts, not its code). Each group of `between` fields goes on a line of its own between
   * the two, for readers that need that group and not the bulky part. One file, not several: making
   * a file is most of what storing costs on this machine's disk. getSplit reads it back.
   */
  setSplit(key: string, value: Value, bulky: readonly SplitField<Value>[], between: readonly (readonly SplitField<Value>[])[] = []): boolean {
    // null (a transformed page's "needs the bundler") has nothing to split.
    if (value === null || typeof value !== "object") return this.write(this.fileOf(key), value);
    const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const line = (fields: readonly string[]) => JSON.stringify(Object.fromEntries(fields.map((field) => [field, (value as Record<string, unknown>)[field]])));
    for (const field of [...between.flat(), ...bulky]) delete rest[field];
    const lines = [JSON.stringify(rest), ...between.map(line), line(bulky)];
    return this.writeText(this.fileOf(key), lines.join("\n"));
  }

  /**
   * A value setSplit stored, its bulky fields and each group of its between fields parsed from the
   * entry when one of them is first used; a miss when the entry is missing, unreadable, or has no
   * bulky part. A part that turns out unreadable then throws, naming the file. With `sameEntry`,
   * for an entry stored again under the same key with other contents, a part read after the entry
   * was replaced throws EntryReplacedError instead of mixing two entries.
   */
  getSplit(key: string, bulky: readonly SplitField<Value>[], between: readonly (readonly SplitField<Value>[])[] = [], { sameEntry = false } = {}): Value | undefined {
    const file = this.fileOf(key);
    let rest: Record<string, unknown> | null;
    let identity: string | undefined;
    try {
      const first = readFirstLine(file, 1, sameEntry);
      if (!first.hasBreak) return JSON.parse(first.text) === null ? (null as Value) : undefined;
      rest = JSON.parse(first.text) as Record<string, unknown> | null;
      identity = first.identity;
    } catch {
      return undefined;
    }
    if (rest === null || typeof rest !== "object") return undefined;
    // Each part read again when one of its fields is first used, not kept: 2,000 pages' code and HTML would otherwise stay in memory as text.
    const lazily = (fields: readonly string[], read: () => string) => {
      let parsed: Record<string, unknown> | undefined;
      const load = () => {
        try {
          parsed ??= JSON.parse(read()) as Record<string, unknown>;
          return parsed;
        } catch (error) {
          if (error instanceof EntryReplacedError) throw error;
          // Removed since its first line was read: for such an entry, as good as replaced.
          if (sameEntry && (error as NodeJS.ErrnoException).code === "ENOENT") throw new EntryReplacedError(file);
          throw new Error(`${file}: this cache entry cannot be read (${(error as Error).message}); delete ${this.dir} and build again`);
        }
      };
      for (const field of fields) Object.defineProperty(rest, field, { get: () => load()[field], enumerable: true, configurable: true });
    };
    const checkSameEntry = (identityNow: string | undefined) => {
      if (identityNow !== identity) throw new EntryReplacedError(file);
    };
    lazily(bulky, () => {
      const fd = openSync(file, "r");
      let bytes: Buffer;
      try {
        if (sameEntry) checkSameEntry(fileIdentity(fd));
        bytes = readFileSync(fd);
      } finally {
        closeSync(fd);
      }
      let cut = bytes.indexOf(PART_BREAK);
      for (let line = 0; line < between.length && cut >= 0; line++) cut = bytes.indexOf(PART_BREAK, cut + 1);
      if (cut < 0) throw new Error("its bulky part is missing");
      return decodeText(bytes, cut + 1);
    });
    between.forEach((fields, index) =>
      lazily(fields, () => {
        const { text, hasBreak, identity: identityNow } = readFirstLine(file, index + 2, sameEntry);
        checkSameEntry(identityNow);
        if (!hasBreak) throw new Error("a part of it is missing");
        return text.slice(text.lastIndexOf("\n") + 1);
      }),
    );
    return rest as Value;
  }

  /** Stores a value; false when it could not be written (the caller keeps it some other way). */
  set(key: string, value: Value): boolean {
    return this.write(this.fileOf(key), value);
  }

  private write(file: string, value: unknown): boolean {
    return this.writeText(file, JSON.stringify(value));
  }

  private writeText(file: string, text: string): boolean {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Write then rename: a build stopped mid-write leaves no half entry behind.
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, file);
      this.stored?.add(path.basename(file, ENTRY_SUFFIX));
      return true;
    } catch {
      // A read-only or full disk only costs speed.
      return false;
    }
  }
}
