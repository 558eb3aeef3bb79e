import { describe, expect, it, vi } from "vitest";
import type { DocsManifest, PageModule } from "../../src/core/types";
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

function makeStore(overrides: Partial<{ loadManifest: (id: string) => Promise<DocsManifest>; importPage: () => Promise<PageModule> }> = {}) {
  const loadManifest = vi.fn(overrides.loadManifest ?? (async (id: string) => (id === PAGES_PLUGIN_ID ? pages : docs)));
  const importPage = vi.fn(overrides.importPage ?? (async () => ({ default: () => null })));
  return { store: new RouteStore(sections, { loadManifest, importPage }), loadManifest, importPage };
}

describe("RouteStore", () => {
  it("is loading until the section's manifest and the page module are in", async () => {
    const { store, loadManifest, importPage } = makeStore();
    expect(store.resolve("/pg-sql2/api/sql-raw").status).toBe("loading");
    const state = await store.preload("/pg-sql2/api/sql-raw/");
    expect(state.status).toBe("ready");
    expect(loadManifest).toHaveBeenCalledWith("pg-sql2");
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it("loads a section's manifest once, however many pages are visited", async () => {
    const { store, loadManifest } = makeStore();
    await Promise.all([store.preload("/pg-sql2"), store.preload("/pg-sql2/api/sql-raw")]);
    await store.preload("/PG-SQL2/");
    expect(loadManifest).toHaveBeenCalledTimes(1);
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
