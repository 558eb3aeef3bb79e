import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cacheDir } from "../cache";
import { SiteError } from "../errors";

/** The version of a package as installed for the site (its package.json is not exported, so found from its entry). */
function installedVersion(siteDir: string, name: string): string {
  let folder = path.dirname(createRequire(path.join(siteDir, "package.json")).resolve(name));
  while (!existsSync(path.join(folder, "package.json")) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version?: string }).version ?? "";
}

/**
 * The playground's database as a PGlite data folder (a gzipped tar), made here
 * once with the site's setup SQL already run, so the browser loads it instead
 * of running initdb and the setup itself (about 5x faster to a first query).
 * Kept in the site's cache, keyed by the PGlite version and the SQL.
 */
export async function playgroundDataDir(siteDir: string, setupFile: string): Promise<string> {
  const setupSql = readFileSync(setupFile, "utf8");
  const pgliteVersion = installedVersion(siteDir, "@electric-sql/pglite");
  const key = createHash("sha256").update(pgliteVersion).update("\0").update(setupSql).digest("hex").slice(0, 20);
  const folder = cacheDir(siteDir, "playground");
  // Not ".tar.gz": servers (Vite's dev server among them) send such a file with Content-Encoding: gzip,
  // the browser unpacks it on arrival, and PGlite is handed a tar it then fails to gunzip.
  const file = path.join(folder, `database-${key}.pgdata`);
  if (existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create();
  try {
    await db.exec(setupSql);
    // A `set search_path` in the setup lasts only for its session: keep it as the database's setting (the worker applies it).
    const { rows } = await db.query<{ path: string; name: string }>("select current_setting('search_path') as path, current_database() as name");
    await db.exec(`alter database "${rows[0].name}" set search_path to ${rows[0].path}`);
    const dump = await db.dumpDataDir("gzip");
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${file}.tmp`, new Uint8Array(await dump.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
  } catch (error) {
    throw new SiteError(`site.config.ts: playground.setupSql (${setupFile}) failed in PostgreSQL: ${(error as Error).message}`, { cause: error });
  } finally {
    await db.close();
  }
  return file;
}
