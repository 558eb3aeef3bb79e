import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "./router";
import siteConfig from "virtual:site-config";
import "virtual:client-modules";
import { ROUTE_RECORD_ELEMENT_ID } from "../core/constants";
import { sectionKey } from "../core/routeMatch";
import { createSafeStorage } from "../core/storage";
import type { PageModule, RouteIndex, RouteRecord, SiteAssets } from "../core/types";
import { RouteStore, type RouteState } from "./RouteStore";
import { addBaseUrl, normalizePath, routerBasename, samePath, stripBaseUrl } from "../core/paths";
import App from "../theme/App";
import LoadNotice from "../theme/Loading/LoadNotice";
import { withPageLayout } from "../theme/pageLayouts";
import { deferredHtmlInDocument, withDeferredHtml } from "./deferredHtml";

// Pages the build writes without the bundler (src/node/build/standalonePages.ts) import the JSX runtime from here.
export { Fragment, jsx, jsxs } from "react/jsx-runtime";
export { default as DeferredHtml } from "../theme/mdx/DeferredHtml";

const assetsElement = document.getElementById("__site_assets");
const assets = JSON.parse(assetsElement?.textContent ?? "{}") as SiteAssets;

async function fetchJson(url: string, bustCache = false): Promise<unknown> {
  const response = await fetch(bustCache ? `${url}?t=${Date.now()}` : url);
  if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
  return response.json();
}

async function fetchIndex(key: string, bustCache = false): Promise<RouteIndex> {
  const url = assets.routeSections.find((section) => sectionKey(section) === key)?.manifest;
  if (!url) throw new Error(`No route index is known for section "${key}"`);
  return (await fetchJson(url, bustCache)) as RouteIndex;
}

/**
 * How often each page chunk failed to load. A chunk that arrived broken (cut short in transit)
 * stays broken under its URL for the page's lifetime, so a retry asks for a new URL.
 */
const chunkFailures = new Map<string, number>();
async function importChunk(chunk: string): Promise<PageModule> {
  const failures = chunkFailures.get(chunk) ?? 0;
  try {
    return (await import(/* @vite-ignore */ failures === 0 ? chunk : `${chunk}?retry=${failures}`)) as PageModule;
  } catch (error) {
    chunkFailures.set(chunk, failures + 1);
    throw error;
  }
}

const rootElement = document.getElementById("__root")!;
/** The route the server rendered this document for, and the deferred HTML (highlighted code) it holds. */
const renderedFor = rootElement.dataset.route ?? null;
const renderedHtml = deferredHtmlInDocument(rootElement);

const store = new RouteStore(assets.routeSections, {
  loadIndex: (key) => fetchIndex(key),
  loadFile: (url) => fetchJson(url),
  importPage: async (route) => {
    const page = await withPageLayout(route, await importChunk(route.chunk));
    return withDeferredHtml(page, route.path === renderedFor ? renderedHtml : undefined);
  },
});
// The record of the route this HTML was rendered for: hydrating it needs no route chunk.
const routeRecord = document.getElementById(ROUTE_RECORD_ELEMENT_ID)?.textContent;
if (routeRecord) {
  const { section, route } = JSON.parse(routeRecord) as { section: string; route: RouteRecord };
  if (route.path === renderedFor) store.knowRoute(section, route);
}
const storage = createSafeStorage(() => window.localStorage);

if (import.meta.hot) {
  // The dev server tells us when pages were added, removed or renamed, and when one changed.
  import.meta.hot.on("site:manifest-changed", async ({ key }: { key: string }) => {
    store.setIndex(await fetchIndex(key, true));
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

function renderApp(root: HTMLElement, path: string, state: RouteState | undefined) {
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
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a long page's hydration was one long task).
  if (root.hasChildNodes() && rendering !== undefined && renderedFor === rendering) startTransition(() => void hydrateRoot(root, app));
  else {
    root.replaceChildren();
    root.removeAttribute("data-route");
    createRoot(root).render(app);
  }
}

/** Keeps the server's HTML of this page while its code cannot load, with a quiet notice whose Retry hydrates it. */
function keepServerPage(root: HTMLElement, path: string, error: unknown) {
  const holder = document.createElement("div");
  // Above the page, in the flow: it never covers the article.
  document.body.prepend(holder);
  const notice = createRoot(holder);
  const show = (failure: unknown, retrying: boolean) =>
    notice.render(<LoadNotice error={failure instanceof Error ? failure : new Error(String(failure))} retrying={retrying} onRetry={retry} />);
  const retry = () => {
    show(error, true);
    store.retry(path).then(
      (state) => {
        notice.unmount();
        holder.remove();
        renderApp(root, path, state);
      },
      (failure: unknown) => show((error = failure), false),
    );
  };
  show(error, false);
}

async function start() {
  const root = rootElement;
  const path = stripBaseUrl(window.location.pathname, baseUrl);
  // Served from outside the base URL: nothing here would route; the base-url banner says what to fix.
  if (path === undefined) return;
  // Load what the current page needs first, so the first render matches the server's HTML.
  let state: RouteState | undefined;
  try {
    state = await store.preload(path);
  } catch (error) {
    // The server rendered this very page: it reads fine without its code, so it stays.
    if (root.hasChildNodes() && renderedFor !== null && samePath(renderedFor, normalizePath(path))) return keepServerPage(root, path, error);
  }
  renderApp(root, path, state);
}

void start();
