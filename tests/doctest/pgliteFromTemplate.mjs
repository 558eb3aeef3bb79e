// What a doc-test example gets when it imports @electric-sql/pglite: the installed package, except
// that a database the example asks for without a data folder (`new PGlite()`, in memory) starts
// from a copy of a cluster PGlite initialised once for the whole test run. Running initdb is most
// of the ~5 s a fresh PGlite takes to start, and every example would pay it; the copy is the same
// freshly initialised database, and opening it takes about a second.
import { cpSync, writeSync } from "node:fs";
import { PGlite as InstalledPGlite } from "@electric-sql/pglite";

export * from "@electric-sql/pglite";

const template = process.env.DOCTEST_PGLITE_TEMPLATE;
const dataDirBase = process.env.DOCTEST_PGLITE_DATA;
/** Every database the example opened; its count also numbers the copies' folders. */
const databases = [];

/** The constructor's arguments, with a fresh copy of the template as the data folder where none was given. */
function startingFromTemplate(dataDirOrOptions, options) {
  const chosenItsOwn =
    typeof dataDirOrOptions === "string" || dataDirOrOptions?.dataDir || dataDirOrOptions?.loadDataDir;
  if (chosenItsOwn || !template || !dataDirBase) return [dataDirOrOptions, options];
  const dataDir = `${dataDirBase}-${databases.length + 1}`;
  cpSync(template, dataDir, { recursive: true });
  return [{ ...dataDirOrOptions, ...options, dataDir }];
}

// A database left open keeps the reader's script running for ten seconds after its last line
// (PostgreSQL's idle statistics timer): said on stderr, which fails the doc test.
process.on("exit", () => {
  if (databases.some((db) => !db.closed)) writeSync(2, "doctest: the example left a PGlite database open; end it with `await db.close()`\n");
});

export class PGlite extends InstalledPGlite {
  constructor(dataDirOrOptions, options) {
    super(...startingFromTemplate(dataDirOrOptions, options));
    databases.push(this);
  }

  static async create(dataDirOrOptions, options) {
    const db = new PGlite(dataDirOrOptions, options);
    await db.waitReady;
    return db;
  }
}
