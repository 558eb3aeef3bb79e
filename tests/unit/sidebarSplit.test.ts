import { describe, expect, it, vi } from "vitest";
import type { DocsManifest, RouteRecord, SidebarCategory, SidebarItem } from "../../src/core/types";
import { RouteStore } from "../../src/client/RouteStore";
import { sectionRouteData } from "../../src/node/build/routeManifests";
import { docRoute, version } from "./theme-fixtures";

/** A sidebar of two categories with pages of their own and one without, each holding two docs. */
const link = (path: string): SidebarItem => ({ type: "link", label: path, href: path });
const category = (label: string, href: string | undefined, paths: string[]): SidebarCategory => ({ type: "category", label, href, collapsible: true, collapsed: true, items: paths.map(link) });
const sidebar: SidebarItem[] = [
  link("/guide"),
  category("Alpha", "/guide/alpha", ["/guide/alpha/one", "/guide/alpha/two"]),
  category("Beta", "/guide/beta", ["/guide/beta/one", "/guide/beta/two"]),
  category("Gamma", undefined, ["/guide/gamma/one", "/guide/gamma/two"]),
];
const paths = ["/guide", "/guide/alpha", "/guide/alpha/one", "/guide/alpha/two", "/guide/beta", "/guide/beta/one", "/guide/beta/two", "/guide/gamma/one", "/guide/gamma/two"];
const manifest: DocsManifest = {
  pluginId: "default",
  label: "Guide",
  routeBasePath: "/guide",
  versions: [{ ...version, sidebars: { guideSidebar: sidebar } }],
  routes: paths.map((path) => ({ ...docRoute(path), chunk: `/assets/page${path.replace(/\//g, "-")}.js` })),
};

function storeFor(sidebarSplitLinks: number) {
  const { index, files } = sectionRouteData(manifest, (part) => `/data/${part}.json`, { routesPerChunk: 3, sidebarSplitLinks });
  const loadFile = vi.fn(async (url: string) => JSON.parse(files.get(url)!) as unknown);
  const store = new RouteStore([{ pluginId: "default", label: "Guide", routeBasePath: "/guide" }], { loadIndex: async () => index, loadFile, importPage: async () => ({ default: () => null }) });
  return { store, files, loadFile };
}
const labelsWithItems = (items: SidebarItem[] | undefined) => (items ?? []).filter((item): item is SidebarCategory => item.type === "category" && item.items.length > 0).map((item) => item.label);
const labelOf = (item: SidebarItem) => (item.type === "html" ? item.value : item.label);
const sidebarOf = async (store: RouteStore, path: string) => {
  const state = await store.preload(path);
  if (state.status !== "ready") throw new Error(`${path} is ${state.status}`);
  return state.sidebar;
};

describe("a sidebar with more links than the split threshold", () => {
  it("gives a page inside a category that category's items and only the other categories' labels", async () => {
    const { store, loadFile } = storeFor(4);
    const items = await sidebarOf(store, "/guide/beta/two");
    expect(labelsWithItems(items)).toEqual(["Beta", "Gamma"]);
    expect(items!.map(labelOf)).toEqual(["/guide", "Alpha", "Beta", "Gamma"]);
    // Route chunk, outline and Beta's part: nothing of Alpha's items.
    expect(loadFile.mock.calls.map(([url]) => url)).toEqual(["/data/routes-default-2.json", "/data/sidebar-default-guideSidebar.json", "/data/sidebar-default-guideSidebar-part-1.json"]);
  });

  it("gives a category's own page its items too, and a page outside every part the outline alone", async () => {
    const { store } = storeFor(4);
    expect(labelsWithItems(await sidebarOf(store, "/guide/alpha"))).toEqual(["Alpha", "Gamma"]);
    expect(labelsWithItems(await sidebarOf(store, "/guide"))).toEqual(["Alpha", "Gamma"]);
  });

  it("fills in a category the reader opens once its part is loaded", async () => {
    const { store } = storeFor(4);
    const before = await sidebarOf(store, "/guide/alpha/one");
    const beta = before!.find((item) => labelOf(item) === "Beta") as SidebarCategory;
    expect(beta.items).toEqual([]);
    await store.loadSidebarFile(beta.itemsFile!);
    const after = await sidebarOf(store, "/guide/alpha/one");
    expect(labelsWithItems(after)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect((after!.find((item) => labelOf(item) === "Beta") as SidebarCategory).itemsFile).toBeUndefined();
  });

  it("lists in each page's data files the part its HTML should preload", async () => {
    const { store } = storeFor(4);
    await store.preload("/guide/beta/one");
    expect(store.dataFilesOf("/guide/beta/one")).toEqual(["/data/sidebar-default-guideSidebar.json", "/data/sidebar-default-guideSidebar-part-1.json"]);
  });
});

describe("a sidebar within the split threshold", () => {
  it("stays one file, whole", async () => {
    const { store, files } = storeFor(100);
    expect([...files.keys()].filter((url) => url.includes("sidebar"))).toEqual(["/data/sidebar-default-guideSidebar.json"]);
    expect(await sidebarOf(store, "/guide/beta/two")).toEqual(sidebar);
    const routes = [...files.entries()].filter(([url]) => url.includes("routes")).flatMap(([, json]) => JSON.parse(json) as RouteRecord[]);
    expect(routes.some((route) => route.sidebarPart)).toBe(false);
  });
});
