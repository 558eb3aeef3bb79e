import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "./router";
import siteConfig from "virtual:site-config";
import "virtual:client-modules";
import { sectionKey } from "../core/routeMatch";
import { createSafeStorage } from "../core/storage";
import type { DocsManifest, PageModule, SiteAssets } from "../core/types";
import { RouteStore } from "./RouteStore";
import App from "../theme/App";

const assetsElement = document.getElementById("__site_assets");
const assets = JSON.parse(assetsElement?.textContent ?? "{}") as SiteAssets;

async function fetchManifest(key: string, bustCache = false): Promise<DocsManifest> {
  const url = assets.routeSections.find((section) => sectionKey(section) === key)?.manifest;
  if (!url) throw new Error(`No route manifest is known for section "${key}"`);
  const response = await fetch(bustCache ? `${url}?t=${Date.now()}` : url);
  if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
  return (await response.json()) as DocsManifest;
}

const store = new RouteStore(assets.routeSections, {
  loadManifest: (key) => fetchManifest(key),
  importPage: (route) => import(/* @vite-ignore */ route.chunk) as Promise<PageModule>,
});
const storage = createSafeStorage(() => window.localStorage);

if (import.meta.hot) {
  // The dev server tells us when pages were added, removed or renamed, and when one changed.
  import.meta.hot.on("site:manifest-changed", async ({ key }: { key: string }) => {
    store.setManifest(await fetchManifest(key, true));
  });
  (window as unknown as { __sitePageUpdated: (chunk: string, module: PageModule) => void }).__sitePageUpdated = (chunk, module) =>
    store.setPage(chunk, module);
}

async function start() {
  // Load what the current page needs first, so the first render matches the server's HTML.
  const loaded = await store.preload(window.location.pathname).then(
    () => true,
    () => false,
  );
  const root = document.getElementById("__root")!;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App config={siteConfig} assets={assets} store={store} storage={storage} />
      </BrowserRouter>
    </StrictMode>
  );
  // If the page's own code failed to load, the error view cannot match the server's HTML: render afresh.
  if (root.hasChildNodes() && loaded) hydrateRoot(root, app);
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

void start();
