import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { PLAYGROUND_DATABASE_EXTENSION } from "../../core/playground";
import { cacheDir } from "../cache";
import { SiteError } from "../errors";
import type { SiteData } from "../loadSite";

/** The version of a package as installed for the site (its package.json is not exported, so found from its entry). */
function installedVersion(siteDir: string, name: string): string {
  let folder = path.dirname(createRequire(path.join(siteDir, "package.json")).resolve(name));
  while (!existsSync(path.join(folder, "package.json")) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version?: string }).version ?? "";
}

/**
 * Run before the site's setup SQL, which may override it. PostgreSQL zeroes its shared buffers as it
 * starts: PGlite's 128 MB of them were a fifth of the playground's start (about 0.5 s of 2.5 s, and
 * 112 MB of the reader's memory) for a database of a few pages.
 */
const PLAYGROUND_SETTINGS = "alter system set shared_buffers = '16MB'";
/**
 * The browser copies every file of the database into PGlite's memory before PostgreSQL starts, so
 * its start follows the tar's size (PGlite's start in Node: 0.55-1.3 s from 40.7 MB, 0.3-0.6 s from
 * 15 MB). initdb's default 16 MB WAL segments become 1 MB ones (PGlite passes these words on to
 * initdb; PGlite is pinned, and the words are part of the cache key), and template0, which only
 * CREATE DATABASE … TEMPLATE template0 uses, is dropped; template1 stays, so CREATE DATABASE still
 * works. 40.7 -> 22.6 MB. A checkpoint last leaves the copy nothing to replay.
 */
const PLAYGROUND_INITDB_ARGS = ["--wal-segsize=1"];
const PLAYGROUND_TRIM_STATEMENTS = ["update pg_database set datistemplate = false where datname = 'template0'", "drop database if exists template0", "checkpoint"];

/**
 * Runs on a thread of its own: PGlite's initdb and the dump are about 5.5 s of CPU, which on the
 * main thread held the bundle up while the other core had nothing left to do (a cold build of
 * this site spent 3.5-9.5 s of its 13 s there). The build needs the file only at its end. It is
 * written under a temporary name and renamed, so a stopped build never leaves half a database in
 * the cache.
 */
const THREAD_SOURCE = `
  const { parentPort, workerData } = require("node:worker_threads");
  const { mkdirSync, renameSync, writeFileSync } = require("node:fs");
  const path = require("node:path");
  async function make({ pgliteUrl, initdbArgs, settingsSql, setupSql, trimStatements, file }) {
    const { PGlite } = await import(pgliteUrl);
    const db = await PGlite.create({ initDbStartParams: initdbArgs });
    try {
      await db.exec(settingsSql);
      await db.exec(setupSql);
      // A "set search_path" in the setup lasts only for its session: keep it as the database's setting (the worker applies it).
      const { rows } = await db.query("select current_setting('search_path') as path, current_database() as name");
      await db.exec('alter database "' + rows[0].name + '" set search_path to ' + rows[0].path);
      // One at a time: DROP DATABASE refuses to run inside a multi-statement string.
      for (const statement of trimStatements) await db.exec(statement);
      const dump = await db.dumpDataDir("gzip");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file + ".tmp", new Uint8Array(await dump.arrayBuffer()));
      renameSync(file + ".tmp", file);
    } finally {
      await db.close();
    }
  }
  make(workerData).then(
    () => parentPort.postMessage({}),
    (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }),
  );
`;

/** Databases being made, by file: a build starts one as it begins (the dev server on first use); later asks wait for it. */
const making = new Map<string, Promise<string>>();

function makeOnThread(setupSql: string, setupFile: string, file: string): Promise<string> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { pgliteUrl, initdbArgs: PLAYGROUND_INITDB_ARGS, settingsSql: PLAYGROUND_SETTINGS, setupSql, trimStatements: PLAYGROUND_TRIM_STATEMENTS, file } });
    worker.once("message", (result: { error?: string }) => {
      if (result.error === undefined) resolve(file);
      else reject(new SiteError(`site.config.ts: playground.setupSql (${setupFile}) failed in PostgreSQL: ${result.error}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`playground: the database thread stopped before it was done (exit code ${code})`)));
  });
}

export interface PlaygroundDatabase {
  /** Where the build puts it, relative to the output folder: named by its inputs, so known before it is made. */
  fileName: string;
  /** The made file in the site's cache. */
  file: Promise<string>;
}

/**
 * The playground's database as a PGlite data folder (a gzipped tar), made once with the site's
 * setup SQL already run, so the browser loads it instead of running initdb and the setup itself
 * (about 5x faster to a first query). Kept in the site's cache, keyed by the PGlite version and
 * the SQL (ours and the site's); undefined when the site has no setup SQL.
 */
export function playgroundDatabase(site: SiteData): PlaygroundDatabase | undefined {
  const setupPath = site.config.playground?.setupSql;
  if (!setupPath) return undefined;
  const setupFile = path.resolve(site.siteDir, setupPath);
  if (!existsSync(setupFile)) throw new SiteError(`site.config.ts: playground.setupSql names "${setupPath}", but there is no file at ${setupFile}; give a path to an SQL file, relative to the site folder`);
  const setupSql = readFileSync(setupFile, "utf8");
  const pgliteVersion = installedVersion(site.siteDir, "@electric-sql/pglite");
  const recipe = JSON.stringify([PLAYGROUND_INITDB_ARGS, PLAYGROUND_SETTINGS, PLAYGROUND_TRIM_STATEMENTS]);
  const key = createHash("sha256").update(pgliteVersion).update("\0").update(recipe).update("\0").update(setupSql).digest("hex").slice(0, 20);
  // Not ".tar.gz", which some servers (Vite's dev server among them) send with Content-Encoding: gzip
  // and others without: the worker takes either (isGzipped), and our own server encodes this name.
  const fileName = `database-${key}${PLAYGROUND_DATABASE_EXTENSION}`;
  const file = path.join(cacheDir(site.siteDir, "playground"), fileName);
  if (existsSync(file)) return { fileName: `assets/${fileName}`, file: Promise.resolve(file) };
  let made = making.get(file);
  if (!made) {
    made = makeOnThread(setupSql, setupFile, file);
    making.set(file, made);
    const settled = () => making.delete(file);
    made.then(settled, settled);
  }
  return { fileName: `assets/${fileName}`, file: made };
}
