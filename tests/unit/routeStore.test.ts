import { describe, expect, it, vi } from "vitest";
import type { DocsManifest, PageModule, RouteIndex, RouteRecord } from "../../src/core/types";
import { chunkOf, splitRoutes } from "../../src/core/routeChunks";
import { PAGES_PLUGIN_ID, RouteStore } from "../../src/client/RouteStore";

const docs: DocsManifest = {
  pluginId: "pg-sql2",
  label: "pg-sql2",
  routeBasePath: "/pg-sql2",
  versions: [],
  routes: [{ path: "/pg-sql2", chunk: "/a.js" }, { path: "/pg-sql2/api/sql-raw", chunk: "/b.js" }],
};
const pages: DocsManifest = { pluginId: PAGES_PLUGIN_ID, label: "Site", routeBasePath: "/", versions: [], routes: [{ path: "/search", chunk: "/s.js" }] };
const sections = [
  { pluginId: "pg-sql2", label: "pg-sql2", routeBasePath: "/pg-sql2" },
  { pluginId: PAGES_PLUGIN_ID, label: "Site", routeBasePath: "/" },
];

/** The loaders of a store over the given sections, each cut into route chunks of `chunkSize` as the build cuts them. */
function loadersFor(manifests: DocsManifest[], chunkSize: number) {
  const files = new Map<string, unknown>();
  const indexes = new Map<string, RouteIndex>();
  for (const manifest of manifests) {
    const chunks = splitRoutes(manifest.routes, chunkSize).map((chunk, number) => {
      const file = `/routes-${manifest.pluginId}-${number}.json`;
      files.set(file, chunk.routes);
      return { from: chunk.from, file };
    });
    indexes.set(manifest.pluginId, { pluginId: manifest.pluginId, label: manifest.label, routeBasePath: manifest.routeBasePath, versions: [], chunks });
  }
  return {
    loadIndex: vi.fn(async (key: string) => indexes.get(key)!),
    loadFile: vi.fn(async (url: string) => files.get(url)),
  };
}

function makeStore(overrides: Partial<{ importPage: () => Promise<PageModule> }> = {}, chunkSize = 100) {
  const { loadIndex, loadFile } = loadersFor([docs, pages], chunkSize);
  const importPage = vi.fn(overrides.importPage ?? (async () => ({ default: () => null })));
  return { store: new RouteStore(sections, { loadIndex, loadFile, importPage }), loadIndex, loadFile, importPage };
}

describe("RouteStore", () => {
  it("is loading until the section's manifest and the page module are in", async () => {
    const { store, loadIndex, importPage } = makeStore();
    expect(store.resolve("/pg-sql2/api/sql-raw").status).toBe("loading");
    const state = await store.preload("/pg-sql2/api/sql-raw/");
    expect(state.status).toBe("ready");
    expect(loadIndex).toHaveBeenCalledWith("pg-sql2");
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it("loads a section's index and route chunk once, however many pages are visited", async () => {
    const { store, loadIndex, loadFile } = makeStore();
    await Promise.all([store.preload("/pg-sql2"), store.preload("/pg-sql2/api/sql-raw")]);
    await store.preload("/PG-SQL2/");
    expect(loadIndex).toHaveBeenCalledTimes(1);
    expect(loadFile).toHaveBeenCalledTimes(1);
  });

  it("reports paths inside a section that match no page as not found", async () => {
    const { store } = makeStore();
    expect((await store.preload("/pg-sql2/nope")).status).toBe("not-found");
  });

  it("finds built-in pages outside the docs sections", async () => {
    const { store } = makeStore();
    expect((await store.preload("/search")).status).toBe("ready");
    expect((await store.preload("/elsewhere")).status).toBe("not-found");
  });

  it("turns a failed page load into an error state, and retry loads again", async () => {
    let fail = true;
    const { store, importPage } = makeStore({
      importPage: async () => {
        if (fail) throw new Error("chunk missing");
        return { default: () => null };
      },
    });
    await expect(store.preload("/pg-sql2")).rejects.toThrow("chunk missing");
    const state = store.resolve("/pg-sql2");
    expect(state.status).toBe("error");
    fail = false;
    expect((await store.retry("/pg-sql2")).status).toBe("ready");
    expect(importPage).toHaveBeenCalledTimes(2);
  });

  it("notifies subscribers when something loads", async () => {
    const { store } = makeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.preload("/pg-sql2");
    expect(listener).toHaveBeenCalled();
    expect(store.getVersion()).toBeGreaterThan(0);
  });
});

describe("a section cut into route chunks", () => {
  // Five routes in two-route chunks: [/big/a, /big/b] [/big/c, /big/d] [/big/e].
  const big: DocsManifest = {
    pluginId: "big",
    label: "Big",
    routeBasePath: "/big",
    versions: [],
    routes: ["e", "c", "a", "d", "b"].map((name) => ({ path: `/big/${name}`, chunk: `/${name}.js` })),
  };
  const bigSections = [{ pluginId: "big", label: "Big", routeBasePath: "/big" }, ...sections];
  function bigStore() {
    const loaders = loadersFor([big, pages], 2);
    return { store: new RouteStore(bigSections, { ...loaders, importPage: async () => ({ default: () => null }) }), ...loaders };
  }
  const chunkFiles = (loadFile: ReturnType<typeof vi.fn>) => loadFile.mock.calls.map(([url]) => url);

  it("finds every route, each by loading only the chunk that holds it", async () => {
    for (const [path, file] of [["/big/a", 0], ["/big/b", 0], ["/big/c", 1], ["/big/d", 1], ["/big/e", 2]] as const) {
      const { store, loadFile } = bigStore();
      const state = await store.preload(path);
      expect(state.status === "ready" && state.route.path, path).toBe(path);
      expect(chunkFiles(loadFile), path).toEqual([`/routes-big-${file}.json`]);
    }
  });

  it("finds a route in another chunk after the first page's, matching case and a trailing slash", async () => {
    const { store, loadFile } = bigStore();
    await store.preload("/big/b");
    const state = await store.preload("/BIG/C/");
    expect(state.status === "ready" && state.route.path).toBe("/big/c");
    expect(chunkFiles(loadFile)).toEqual(["/routes-big-0.json", "/routes-big-1.json"]);
  });

  it("reports paths between, before and after the routes as not found", async () => {
    const { store } = bigStore();
    for (const path of ["/big/bb", "/big", "/big/0", "/big/z"]) expect((await store.preload(path)).status, path).toBe("not-found");
  });

  it("tells no route chunk among the data files a page's HTML preloads: the HTML carries its record", async () => {
    const { store } = bigStore();
    await store.preload("/big/d");
    expect(store.dataFilesOf("/big/d")).toEqual([]);
  });

  it("hydrates a page whose record it was given without loading its chunk, and loads the chunk for the next page", async () => {
    const { store, loadFile } = bigStore();
    const record = { path: "/big/d", chunk: "/d.js", doc: { id: "d", title: "Dee" } } as RouteRecord;
    store.knowRoute("big", record);
    const state = await store.preload("/big/d");
    expect(state.status === "ready" && state.route).toBe(record);
    expect(chunkFiles(loadFile)).toEqual([]);
    // Its chunk-mate is not known from that record alone.
    const next = await store.preload("/big/c");
    expect(next.status === "ready" && next.route.path).toBe("/big/c");
    expect(chunkFiles(loadFile)).toEqual(["/routes-big-1.json"]);
  });

  it("forgets a known record when the section's index is replaced (a dev server's content change)", async () => {
    const { store, loadFile, loadIndex } = bigStore();
    store.knowRoute("big", { path: "/big/d", chunk: "/old-d.js" });
    await store.preload("/big/d");
    store.setIndex(await loadIndex("big"));
    const state = await store.preload("/big/d");
    expect(state.status === "ready" && state.route.chunk).toBe("/d.js");
    expect(chunkFiles(loadFile)).toEqual(["/routes-big-1.json"]);
  });
});

describe("splitRoutes and chunkOf", () => {
  const routes = ["/x/B", "/x/a", "/x/c"].map((path) => ({ path }));

  it("sorts by the path key the browser matches with and starts the first chunk at the beginning", () => {
    const chunks = splitRoutes(routes, 2);
    expect(chunks).toEqual([
      { from: "", routes: [{ path: "/x/a" }, { path: "/x/B" }] },
      { from: "/x/c", routes: [{ path: "/x/c" }] },
    ]);
  });

  it("picks the last chunk starting at or before a path's key, so a boundary route is in its own chunk", () => {
    const refs = splitRoutes(routes, 2).map((chunk, index) => ({ from: chunk.from, file: String(index) }));
    expect(chunkOf(refs, "/x/a")?.file).toBe("0");
    expect(chunkOf(refs, "/x/b/")?.file).toBe("0");
    expect(chunkOf(refs, "/X/C")?.file).toBe("1");
    expect(chunkOf(refs, "/x/bz")?.file).toBe("0");
    expect(chunkOf(refs, "/y")?.file).toBe("1");
    expect(chunkOf(refs, "/")?.file).toBe("0");
  });

  it("gives an empty section one empty chunk", () => {
    expect(splitRoutes([], 2)).toEqual([{ from: "", routes: [] }]);
  });
});
