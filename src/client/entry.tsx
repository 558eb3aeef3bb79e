import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "./router";
import siteConfig from "virtual:site-config";
import "virtual:client-modules";
import { sectionKey } from "../core/routeMatch";
import { createSafeStorage } from "../core/storage";
import type { DocsManifest, PageModule, SiteAssets } from "../core/types";
import { RouteStore, type RouteState } from "./RouteStore";
import { addBaseUrl, normalizePath, routerBasename, stripBaseUrl } from "../core/paths";
import App from "../theme/App";
import { withPageLayout } from "../theme/pageLayouts";
import { deferredHtmlInDocument, withDeferredHtml } from "./deferredHtml";

const assetsElement = document.getElementById("__site_assets");
const assets = JSON.parse(assetsElement?.textContent ?? "{}") as SiteAssets;

async function fetchManifest(key: string, bustCache = false): Promise<DocsManifest> {
  const url = assets.routeSections.find((section) => sectionKey(section) === key)?.manifest;
  if (!url) throw new Error(`No route manifest is known for section "${key}"`);
  const response = await fetch(bustCache ? `${url}?t=${Date.now()}` : url);
  if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
  return (await response.json()) as DocsManifest;
}

const root = document.getElementById("__root")!;
/** The route the server rendered this document for, and the deferred HTML (highlighted code) it holds. */
const renderedFor = root.dataset.route ?? null;
const renderedHtml = deferredHtmlInDocument(root);

const store = new RouteStore(assets.routeSections, {
  loadManifest: (key) => fetchManifest(key),
  importPage: async (route) => {
    const page = await withPageLayout(route, (await import(/* @vite-ignore */ route.chunk)) as PageModule);
    return withDeferredHtml(page, route.path === renderedFor ? renderedHtml : undefined);
  },
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

const baseUrl = siteConfig.baseUrl;

/**
 * The address in its canonical spelling (spec section 2: the route's own
 * case, no trailing slash, no .html), written with replaceState so no history
 * entry is added; the query and hash stay.
 */
function canonicalizeAddress(path: string, state: RouteState | undefined): string {
  const canonical = state?.status === "ready" ? state.route.path : state?.status === "not-found" ? normalizePath(path) : path;
  if (canonical !== path) {
    window.history.replaceState(window.history.state, "", `${addBaseUrl(canonical, baseUrl)}${window.location.search}${window.location.hash}`);
  }
  return canonical;
}

async function start() {
  const path = stripBaseUrl(window.location.pathname, baseUrl);
  // Served from outside the base URL: nothing here would route; the base-url banner says what to fix.
  if (path === undefined) return;
  // Load what the current page needs first, so the first render matches the server's HTML.
  const state = await store.preload(path).catch(() => undefined);
  canonicalizeAddress(path, state);
  const app = (
    <StrictMode>
      <BrowserRouter basename={routerBasename(baseUrl)}>
        <App config={siteConfig} assets={assets} store={store} storage={storage} />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydrate only HTML rendered for the route about to render: a static host answers a case or .html
  // variant with 404.html, and the page's own code failing to load shows an error view the server never rendered.
  const rendering = state?.status === "ready" ? state.route.path : state?.status === "not-found" ? null : undefined;
  if (root.hasChildNodes() && rendering !== undefined && renderedFor === rendering) hydrateRoot(root, app);
  else {
    root.replaceChildren();
    root.removeAttribute("data-route");
    createRoot(root).render(app);
  }
}

void start();
