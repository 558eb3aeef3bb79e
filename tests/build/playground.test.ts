/**
 * Try it costs a page nothing until it is used: the fixture site built with and without
 * `playground` must give every page the same first-load JavaScript, byte for byte, runnable
 * examples or not: which blocks get Try it is route data. The site has one stylesheet for every
 * page (so a page reached client-side is styled like one loaded directly): it carries the
 * playground's rules, under 1 KB gzip. The same build also serves the
 * playground's WebAssembly and shows the fixture's image in its pages' Markdown copies.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildSite, type BuildResult } from "../../src/node/build/build";
import { createStaticServer } from "../../src/node/serve/staticServer";
import type { RunnableExample } from "../../src/core/playground";
import type { RouteIndex, RouteRecord } from "../../src/core/types";
import { copyFixture } from "./support";

/** Pages of the fixture with a runnable (```js doctest) example. */
const RUNNABLE_PAGES = ["/guide/first-query", "/guide/filters"];
/** A page with code blocks, none of them runnable: it shares the code-block chunk with the runnable pages. */
const CODE_ONLY_PAGE = "/guide/schema";

/** What a first visit to a page loads before anyone touches it, as its HTML names them: entry script, modulepreloads, stylesheets. */
function firstLoadFiles(outDir: string, route: string): string[] {
  const html = readFileSync(path.join(outDir, route, "index.html"), "utf8");
  const named = [/<script type="module" src="([^"]+)"/g, /<link rel="modulepreload" href="([^"]+)"/g, /<link rel="stylesheet" href="([^"]+)"/g].flatMap((pattern) => [...html.matchAll(pattern)].map((match) => match[1]));
  return [...new Set(named)].sort();
}

/** The route records of the route chunk holding `route`, as a browser on that page loads them. */
async function routeDataOf(outDir: string, route: string): Promise<{ routes: RouteRecord[] }> {
  const html = readFileSync(path.join(outDir, route, "index.html"), "utf8");
  const indexUrl = /"manifest":"([^"]+)"/.exec(html)?.[1];
  if (!indexUrl) throw new Error(`${route}: its HTML names no route index`);
  const index = JSON.parse(readFileSync(path.join(outDir, indexUrl), "utf8")) as RouteIndex;
  const routes = index.chunks.flatMap((chunk) => JSON.parse(readFileSync(path.join(outDir, chunk.file), "utf8")) as RouteRecord[]);
  return { routes };
}
const scriptsOf = (files: string[]) => files.filter((file) => file.endsWith(".js"));
const stylesheetsOf = (files: string[]) => files.filter((file) => file.endsWith(".css"));
/** The playground's stylesheet rules cost a page at most this much more CSS (gzip). */
const PLAYGROUND_CSS_BUDGET = 1024;

describe("a site with runnable examples, built with and without the playground", () => {
  const withPlayground = copyFixture("playground-site");
  const without = copyFixture("playground-site");
  let builtWith: BuildResult;
  let builtWithout: BuildResult;
  const printed: string[] = [];

  beforeAll(async () => {
    // What the bundler prints while the playground's worker is bundled, as `npm run build` shows it.
    const spies = (["log", "warn", "error"] as const).map((method) => vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.join(" "))));
    const config = without.read("site.config.ts");
    const noPlayground = config.replace(/^\s*playground: .*\n/m, "\n");
    if (noPlayground === config) throw new Error("the fixture's site.config.ts has no `playground:` line to take out");
    without.write("site.config.ts", noPlayground);
    try {
      builtWith = await buildSite({ siteDir: withPlayground.dir });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    builtWithout = await buildSite({ siteDir: without.dir });
  });

  it("prints no bundler notes about PGlite's own use of eval", () => {
    expect(printed.filter((line) => /eval/i.test(line))).toEqual([]);
  });
  afterAll(() => {
    withPlayground.remove();
    without.remove();
  });

  it("builds the same pages without a warning", () => {
    expect(builtWith.warnings).toEqual([]);
    expect(builtWith.routes.sort()).toEqual(builtWithout.routes.sort());
    expect(builtWith.routes).toEqual(expect.arrayContaining(RUNNABLE_PAGES));
  });

  it("gives every page, runnable examples or not, exactly the same first-load JavaScript, byte for byte", () => {
    expect(builtWith.routes).toEqual(expect.arrayContaining([...RUNNABLE_PAGES, CODE_ONLY_PAGE]));
    for (const route of builtWith.routes) {
      const scripts = scriptsOf(firstLoadFiles(builtWith.outDir, route));
      expect({ route, scripts }).toEqual({ route, scripts: scriptsOf(firstLoadFiles(builtWithout.outDir, route)) });
      for (const file of scripts) expect(readFileSync(path.join(builtWith.outDir, file)).equals(readFileSync(path.join(builtWithout.outDir, file))), `${route}: ${file}`).toBe(true);
    }
  });

  it("adds only the playground's rules to the one stylesheet, under 1 KB gzip", () => {
    const [withSheet] = stylesheetsOf(firstLoadFiles(builtWith.outDir, CODE_ONLY_PAGE));
    const [withoutSheet] = stylesheetsOf(firstLoadFiles(builtWithout.outDir, CODE_ONLY_PAGE));
    expect(stylesheetsOf(firstLoadFiles(builtWith.outDir, RUNNABLE_PAGES[0]))).toEqual([withSheet]);
    const css = readFileSync(path.join(builtWith.outDir, withSheet));
    const cssWithout = readFileSync(path.join(builtWithout.outDir, withoutSheet));
    expect(css.toString()).toMatch(/\.playground\b/);
    expect(cssWithout.toString()).not.toMatch(/\.playground\b/);
    expect(gzipSync(css).length - gzipSync(cssWithout).length).toBeLessThan(PLAYGROUND_CSS_BUDGET);
  });

  it("puts Try it under each runnable example in the HTML, and the examples' exact code in a file of their own", async () => {
    for (const route of RUNNABLE_PAGES) {
      const html = readFileSync(path.join(builtWith.outDir, route, "index.html"), "utf8");
      const source = readFileSync(path.join(withPlayground.dir, `docs${route}.md`), "utf8");
      expect(html.match(/class="try-it__bar"/g), route).toHaveLength(source.match(/^```js doctest/gm)!.length);
      expect(readFileSync(path.join(builtWithout.outDir, route, "index.html"), "utf8")).not.toContain("try-it");
    }
    const { routes } = await routeDataOf(builtWith.outDir, "/guide/first-query");
    const runnable = routes.find((route) => route.path === "/guide/first-query")?.runnable;
    expect(runnable?.blocks).toHaveLength(2);
    expect(runnable?.playground).toMatch(/^\/assets\/theme-Playground-[\w-]{8}\.js$/);
    const examples = JSON.parse(readFileSync(path.join(builtWith.outDir, runnable!.examples), "utf8")) as Record<string, RunnableExample>;
    const source = readFileSync(path.join(withPlayground.dir, "docs/guide/first-query.md"), "utf8");
    const fenced = [...source.matchAll(/^```js doctest query\n([\s\S]*?)^```$/gm)].map((match) => match[1].replace(/\n$/, ""));
    expect(runnable!.blocks.map((key) => examples[key])).toEqual(fenced.map((code) => ({ code, query: true, env: {} })));
    // A page without runnable examples says nothing of the playground.
    expect((await routeDataOf(builtWith.outDir, CODE_ONLY_PAGE)).routes.find((route) => route.path === CODE_ONLY_PAGE)?.runnable).toBeUndefined();
  });

  it("serves the playground's WebAssembly as application/wasm with `npm run serve`, so the browser compiles it while it downloads", async () => {
    const wasm = readdirSync(path.join(builtWith.outDir, "assets")).filter((file) => file.endsWith(".wasm"));
    expect(wasm.length).toBeGreaterThan(0);
    expect(readdirSync(path.join(builtWithout.outDir, "assets")).filter((file) => file.endsWith(".wasm"))).toEqual([]);
    const server = createStaticServer(builtWith.outDir);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (const file of wasm) {
        const response = await fetch(`http://127.0.0.1:${port}/assets/${file}`);
        expect(response.status, file).toBe(200);
        expect(response.headers.get("content-type"), file).toBe("application/wasm");
        expect(WebAssembly.validate(new Uint8Array(await response.arrayBuffer())), file).toBe(true);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("points every address of PGlite's files in the scripts (its WebAssembly, initdb's, its data) at a file the build wrote", () => {
    const assets = path.join(builtWith.outDir, "assets");
    const named = new Set(
      readdirSync(assets)
        .filter((file) => file.endsWith(".js"))
        .flatMap((file) => [...readFileSync(path.join(assets, file), "utf8").matchAll(/\/assets\/([\w.-]+\.(?:wasm|data))\b/g)].map((match) => match[1])),
    );
    expect([...named].map((file) => file.replace(/-[\w-]{8,}\./, ".")).sort()).toEqual(["initdb.wasm", "pglite.data", "pglite.wasm"]);
    for (const file of named) expect(readdirSync(assets), file).toContain(file);
  });

  it("puts the playground's database, its setup SQL run, at the one address the worker loads it from, cached for a year", async () => {
    const assets = readdirSync(path.join(builtWith.outDir, "assets"));
    const named = new Set(assets.filter((file) => file.endsWith(".js")).flatMap((file) => [...readFileSync(path.join(builtWith.outDir, "assets", file), "utf8").matchAll(/\/assets\/database-[0-9a-f]{20}\.pgdata/g)].map((match) => match[0])));
    expect(named.size).toBe(1);
    const [url] = named;
    expect(readFileSync(path.join(builtWith.outDir, ".assets-manifest"), "utf8").split("\n")).toContain(url.slice(1));
    expect(assets.filter((file) => file.endsWith(".pgdata"))).toEqual([url.slice("/assets/".length)]);
    const server = createStaticServer(builtWith.outDir);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    let data: Blob;
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("immutable");
      data = await response.blob();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create({ loadDataDir: data });
    try {
      const { rows } = await db.query<{ title: string }>("select title from shop.books order by id limit 2");
      expect(rows.map((row) => row.title)).toEqual(["Notes on the Engine", "Frankenstein"]);
      // The setup's search_path, kept as the database's setting for the worker to apply.
      const settings = await db.query<{ setconfig: string[] }>("select setconfig from pg_db_role_setting where setrole = 0");
      expect(settings.rows.flatMap((row) => row.setconfig)).toContain("search_path=shop, public");
      // Started with few shared buffers: zeroing PGlite's default 128 MB was a fifth of the reader's wait.
      const buffers = await db.query<{ shared_buffers: string }>("show shared_buffers");
      expect(buffers.rows[0].shared_buffers).toBe("16MB");
      // Trimmed, since the browser copies every file in before PostgreSQL starts: 1 MB WAL
      // segments, no template0; template1 stays, so CREATE DATABASE still works.
      const wal = await db.query<{ wal_segment_size: string }>("show wal_segment_size");
      expect(wal.rows[0].wal_segment_size).toBe("1MB");
      const databases = await db.query<{ datname: string }>("select datname from pg_database order by datname");
      expect(databases.rows.map((row) => row.datname)).toEqual(["postgres", "template1"]);
      await db.exec("create database scratch");
    } finally {
      await db.close();
    }
  });

  it("shows a page's relative image in its Markdown copy at the absolute address of the file its HTML page shows", () => {
    const html = readFileSync(path.join(builtWith.outDir, "guide/index.html"), "utf8");
    const shown = /<img [^>]*src="(\/assets\/tables-[\w-]+\.png)"/.exec(html)?.[1];
    expect(shown).toBeDefined();
    const copy = readFileSync(path.join(builtWith.outDir, "guide.md"), "utf8");
    expect(copy).toContain(`![The bookshop's two tables and how books point at their author](https://bookshop.example.org${shown})`);
  });
});

describe("a playground whose setup SQL fails in PostgreSQL", () => {
  const site = copyFixture("playground-site");
  afterAll(() => site.remove());

  it("fails the build naming the file and PostgreSQL's complaint, leaving no output", async () => {
    site.write("schema.sql", `${site.read("schema.sql")}\ncreate table shop.reviews (book_id int references shop.novels);\n`);
    await expect(buildSite({ siteDir: site.dir })).rejects.toThrow(/playground\.setupSql \(.*schema\.sql\) failed in PostgreSQL: relation "shop\.novels" does not exist/);
    // The staging folder is set aside at once and removed in the background: gone soon after.
    expect(readdirSync(site.dir).filter((name) => name === "build" || /^build\.tmp-\d+$/.test(name))).toEqual([]);
    await vi.waitFor(() => expect(readdirSync(site.dir).filter((name) => name.startsWith("build.tmp"))).toEqual([]), { timeout: 10_000 });
  });
});
