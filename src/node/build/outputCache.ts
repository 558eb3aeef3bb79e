import { createHash, type Hash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { cacheDir, DiskCache, EntryReplacedError, generatorFingerprint } from "../cache";
import { GENERATOR_DIR } from "../generatorDir";
import type { SiteData } from "../loadSite";
import { MARKDOWN_SOURCE, MISSING_SOURCE, readIfPresent, sourceDigest } from "../sourceTexts";
import { listedName } from "./mergeOutput";
import { confirmListingDigest, listFiles, listOutput, listOutputOnHelperThread, listOutputWithDigest, type OutputListing } from "./outputListing";

/**
 * What the last successful build of a site was made from and what it wrote.
 * When a new build's inputs hash the same and that output is still as written,
 * the output would come out byte for byte the same: the build reuses it
 * instead of bundling and rendering again.
 */
export interface OutputRecord {
  /** Hash of every input: generator, site data, the files the bundle read, static files. */
  fingerprint: string;
  /** Hash of the files alone (of fingerprint's inputs, all but the site data): told apart first, at a fraction of the cost. */
  filesFingerprint?: string;
  /** The site's own files the client bundle was made from (pages, partials, swizzled components, CSS). */
  moduleFiles: string[];
  outDir: string;
  /** Every file of the output with its size and modification time, to notice a touched output. */
  listing: string[];
  /**
   * Content hash of each listed file the build wrote (by index in listing; null for the rest): the
   * next build links a file whose new bytes hash the same without reading it.
   */
  contentHashes?: (string | null)[];
  /** The build's warnings, printed again when the output is reused. */
  warnings: string[];
  routes: string[];
  /** When the build finished (ms since the epoch). */
  finishedAt?: number;
  /** The generator that made it: files its plugins derived (compressed copies) follow its rules. */
  generator?: string;
}

/** Where a build writes its output unless told otherwise (`--out-dir`), inside the site folder. */
export const DEFAULT_OUT_DIR = "build";
const RECORD_KEY = "last-build";
const recordStore = (siteDir: string) => new DiskCache<OutputRecord>(cacheDir(siteDir, "output"));
/**
 * Stored after the rest of the record and parsed only when used: 2.7 MB of a 2,000-page site's 2.8,
 * which a rebuild that reuses the whole output never needs when find's digest vouches for it
 * (reading and parsing the whole record took 0.09-0.14 s of that rebuild's start).
 */
const RECORD_BULK = ["listing", "contentHashes"] as const;
const readRecord = (siteDir: string) => recordStore(siteDir).getSplit(RECORD_KEY, RECORD_BULK, [], { sameEntry: true });

/**
 * The record with its listing and content hashes read, or undefined when another build stored its
 * own record since this one was read (the two parts would describe different outputs).
 */
export function withListing(record: OutputRecord | undefined): OutputRecord | undefined {
  try {
    for (const field of RECORD_BULK) void record?.[field];
    return record;
  } catch (error) {
    if (error instanceof EntryReplacedError) return undefined;
    throw error;
  }
}

/**
 * The digest of `find`'s listing of an output found exactly as its record says, bound to that
 * record by its finish time: while find prints the same bytes, the output is still that record's.
 */
interface ListingDigest {
  outDir: string;
  finishedAt: number;
  digest: string;
}
const LISTING_DIGEST_KEY = "last-build-listing-digest";
const digestStore = (siteDir: string) => new DiskCache<ListingDigest>(cacheDir(siteDir, "output"));
/** Where find writes a listing to confirm: a folder of its own, since a DiskCache removes what else its folder holds. */
const listingScratchFile = (siteDir: string) => path.join(cacheDir(siteDir, "listing"), `${process.pid}.tmp`);

/** Module ids of a bundle that are the site's own files; the generator's and packages' are hashed with the generator. */
export function siteModuleFiles(moduleIds: Iterable<string>): string[] {
  const generatorSources = [path.join(GENERATOR_DIR, "src") + path.sep, path.join(GENERATOR_DIR, "plugins") + path.sep];
  const files = new Set<string>();
  for (const id of moduleIds) {
    const file = id.split("?")[0];
    if (!path.isAbsolute(file) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    if (generatorSources.some((folder) => file.startsWith(folder))) continue;
    files.add(file);
  }
  return [...files].sort();
}

/** Maps and functions as JSON: a config's plugin function changes the hash when its code does. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Map ? [...inner] : typeof inner === "function" ? String(inner) : inner));
}

/**
 * The last files' fingerprint of each loaded site, by the module files it covered. A rebuild hashes
 * its inputs when it starts (to decide on reuse) and again to record its output, usually over the
 * same files: 0.1 s on 2,000 pages. The first hash is also the truer one: it was taken before the
 * build read those files.
 */
const filesFingerprints = new WeakMap<SiteData, { files: string; value: string | undefined }>();
/** The site data's hash (routes, sidebars, config: 0.15-0.19 s of stable JSON on 2,000 pages), once per loaded site. */
const dataFingerprints = new WeakMap<SiteData, string>();

/**
 * Hash of the files a build's output follows from (its module files, static files and setup), or
 * undefined when the site has inputs that cannot be hashed (plugins' own Markdown plugins). A
 * missing module file (deleted since) makes the hash differ, as it should.
 */
export function filesFingerprint(site: SiteData, moduleFiles: readonly string[]): string | undefined {
  const files = moduleFiles.join("\n");
  const known = filesFingerprints.get(site);
  if (known?.files === files) return known.value;
  const value = hashFiles(site, moduleFiles);
  filesFingerprints.set(site, { files, value });
  return value;
}

/** Hash of everything a build's output follows from: its files (filesFingerprint) and the site's data. */
export function inputFingerprint(site: SiteData, moduleFiles: readonly string[]): string | undefined {
  const files = filesFingerprint(site, moduleFiles);
  if (files === undefined) return undefined;
  let data = dataFingerprints.get(site);
  if (data === undefined) {
    data = createHash("sha256").update(stableJson([site.config, site.routes, site.themeConfig, site.manifests, site.routeOfSource, site.dataFiles])).digest("hex");
    dataFingerprints.set(site, data);
  }
  return createHash("sha256").update(files).update(data).digest("hex");
}

function hashFiles(site: SiteData, moduleFiles: readonly string[]): string | undefined {
  if (site.plugins.some((plugin) => plugin.markdown)) return undefined;
  const hash = createHash("sha256").update(generatorFingerprint());
  for (const file of moduleFiles) {
    hash.update(file);
    // Pages by the hash of the text the build read (or knew unchanged: sourceDigest), the rest by their bytes.
    hash.update(MARKDOWN_SOURCE.test(file) ? sourceDigest(file) : contentsOrMissing(file));
  }
  const staticDir = path.join(site.siteDir, "static");
  if (existsSync(staticDir)) for (const line of listOutput(staticDir)) hash.update(line);
  hashSiteSetup(hash, site.siteDir);
  return hash.digest("hex");
}

/** A file's bytes as hashInputs hashes them; MISSING_SOURCE for a file that is gone. */
const contentsOrMissing = (file: string): string | Buffer => readIfPresent(() => readFileSync(file)) ?? MISSING_SOURCE;

/** What a bundle follows from beyond the files it read: swizzled components it did not read yet, the site's installed packages. */
export function hashSiteSetup(hash: Hash, siteDir: string): void {
  // A file added to src/theme swizzles a theme component (or MDXComponents) without touching any file the last bundle read.
  const themeDir = path.join(siteDir, "src/theme");
  if (existsSync(themeDir)) for (const file of listFiles(themeDir)) hash.update(file);
  const siteLock = path.join(siteDir, "package-lock.json");
  if (siteDir !== GENERATOR_DIR && existsSync(siteLock)) hash.update(readFileSync(siteLock));
}

/** Whether `dir` still holds exactly the files of a listing made earlier (listOutput), sizes and times alike. */
export function matchesListing(dir: string, recorded: readonly string[]): boolean {
  const listing = listOutput(dir);
  return listing.length === recorded.length && listing.every((line, index) => line === recorded[index]);
}

/**
 * The last build's record when its output folder still holds exactly the files it wrote. The
 * listing (a stat call per file: ~47,000 for 2,000 pages, half a second) runs on a helper thread,
 * so a build starts it first and loads the site meanwhile.
 */
export async function untouchedOutput(
  siteDir: string,
  record = readRecord(siteDir),
  /** A listing started before the record was read, of the folder the output was expected in, and the digest it was given. */
  early?: { dir: string; listing: Promise<OutputListing>; known?: ListingDigest },
): Promise<OutputRecord | undefined> {
  if (!record || !existsSync(record.outDir)) return undefined;
  const started = early?.dir === record.outDir ? early : undefined;
  const listing = await (started?.listing ?? listOutputWithDigest(record.outDir));
  // Confirmed by the digest kept for this very record (prestartUntouchedOutput asks for nothing else).
  if (listing.unchanged) return record;
  const lines = listing.lines;
  const recorded = withListing(record)?.listing;
  if (!recorded || lines.length !== recorded.length || !lines.every((line, index) => line === recorded[index])) return undefined;
  const kept = started?.known;
  if (listing.digest && record.finishedAt !== undefined && (kept?.digest !== listing.digest || kept.finishedAt !== record.finishedAt)) {
    digestStore(siteDir).set(LISTING_DIGEST_KEY, { outDir: record.outDir, finishedAt: record.finishedAt, digest: listing.digest });
  }
  return record;
}

/** The last build's record, and whether its output folder is still as that build left it. */
export interface LastOutput {
  /** Read at once: enough to tell whether this build's inputs are that build's (isReusable). */
  record: OutputRecord | undefined;
  /** The record once its output folder is confirmed untouched; the listing takes half a second on 2,000 pages. */
  untouched: Promise<OutputRecord | undefined>;
}

let prestarted: (LastOutput & { siteDir: string }) | undefined;

/**
 * From this many pages the last output's lines are made on a helper thread: a 2,000-page output's
 * 34,000 files take the parse tens of milliseconds, which the build's own thread, busy from start
 * to end of such a rebuild, would pay. Below, the thread's start costs more than the parse.
 */
const HELPER_THREAD_LISTING_PAGES = 400;

/**
 * Starts untouchedOutput now (scripts/build.ts, before the generator loads); the build takes it up.
 * Returns the last build's record. The listing of `outDir`, where the last output most likely is,
 * starts once the record's first line is read (a few milliseconds): when a digest of find's
 * listing is known for that very record, find's bytes are only hashed and compared.
 */
export function prestartUntouchedOutput(siteDir: string, outDir: string): OutputRecord | undefined {
  const expected = path.resolve(siteDir, outDir);
  const digest = digestStore(siteDir).get(LISTING_DIGEST_KEY);
  const record = readRecord(siteDir);
  const known = digest?.outDir === expected ? digest : undefined;
  const confirmable = known !== undefined && record?.outDir === expected && record.finishedAt === known.finishedAt;
  const small = record?.outDir === expected && record.routes.length < HELPER_THREAD_LISTING_PAGES;
  const listing = !existsSync(expected)
    ? undefined
    : confirmable || small
      ? confirmListingDigest(expected, confirmable ? known.digest : undefined, listingScratchFile(siteDir), small)
      : listOutputWithDigest(expected);
  const early = listing && { dir: expected, known, listing };
  // Handled here too: a listing that fails before anyone awaits it must not end the process.
  early?.listing.catch(() => undefined);
  prestarted = { siteDir: path.resolve(siteDir), record, untouched: untouchedOutput(siteDir, record, early).catch(() => undefined) };
  return record;
}

/**
 * Whether every page and component file the last build bundled is as it was when that build
 * finished: then this build most likely reuses its output. A guess for scheduling only (a changed
 * config or a new page goes unseen here); what is built never depends on it.
 */
export function sourcesUnchangedSince(record: OutputRecord): boolean {
  if (record.finishedAt === undefined) return false;
  for (const file of record.moduleFiles) {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats || stats.mtimeMs >= record.finishedAt) return false;
  }
  return true;
}

/** The prestarted check when it is this site's, else a new one; a failed listing counts as a touched output. */
export function takeLastOutput(siteDir: string): LastOutput {
  const taken = prestarted?.siteDir === path.resolve(siteDir) ? prestarted : undefined;
  prestarted = undefined;
  if (taken) return { record: taken.record, untouched: taken.untouched };
  const record = readRecord(siteDir);
  return { record, untouched: record ? untouchedOutput(siteDir, record).catch(() => undefined) : Promise.resolve(undefined) };
}

/** Whether the files plugins derived in that output (compressed copies) are what this generator would derive. */
export function derivedFilesFit(untouched: OutputRecord): boolean {
  return untouched.generator === generatorFingerprint();
}

/** Whether that untouched output can stand for this build's: it was made from the same inputs. */
export function isReusable(site: SiteData, untouched: OutputRecord): boolean {
  // Most rebuilds follow an edit: a changed file says so before the site data is hashed.
  if (untouched.filesFingerprint !== undefined && filesFingerprint(site, untouched.moduleFiles) !== untouched.filesFingerprint) return false;
  return inputFingerprint(site, untouched.moduleFiles) === untouched.fingerprint;
}

/**
 * Remembers a finished build; a site whose inputs cannot be hashed forgets its last record instead.
 * The output is listed on a helper thread (half a second for 2,000 pages), so the build removes
 * its old output and saves its render cache meanwhile.
 */
export async function rememberOutput(
  site: SiteData,
  record: Omit<OutputRecord, "fingerprint" | "listing" | "contentHashes">,
  written?: ReadonlyMap<string, string>,
  /** The output's listing when the build knows it (a merge in place: the last one's, with the merge's changes). */
  known?: string[],
): Promise<void> {
  const fingerprint = inputFingerprint(site, record.moduleFiles);
  const store = recordStore(site.siteDir);
  if (!fingerprint) return store.delete(RECORD_KEY);
  const files = filesFingerprint(site, record.moduleFiles);
  const finishedAt = Date.now();
  const listing = known ?? (await listOutputOnHelperThread(record.outDir));
  // A hash counts only while its file's size and time are as written: a plugin that rewrote the file since leaves none.
  const contentHashes = written ? listing.map((line) => written.get(line) ?? null) : undefined;
  store.setSplit(RECORD_KEY, { ...record, fingerprint, filesFingerprint: files, listing, contentHashes, finishedAt, generator: generatorFingerprint() }, RECORD_BULK);
}

/**
 * The files of an untouched last output under a "/"-separated prefix, each with its content hash
 * where that build recorded one (EmitFilesArgs.previousFiles); none without such an output.
 */
export function previousFilesOf(untouched: OutputRecord | undefined): (prefix: string) => ReadonlyMap<string, string> {
  return (prefix) => {
    const found = new Map<string, string>();
    const hashes = untouched?.contentHashes ?? [];
    untouched?.listing.forEach((line, index) => {
      const hash = hashes[index];
      if (!hash) return;
      const name = path.sep === "/" ? listedName(line) : listedName(line).split(path.sep).join("/");
      if (name.startsWith(prefix)) found.set(name, hash);
    });
    return found;
  };
}
