import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "./router";
import { createSafeStorage } from "../core/storage";
import type { SiteAssets, ThemeConfig } from "../core/types";
import type { RouteStore } from "./RouteStore";
import App from "../theme/App";
import { LinkCollectorContext } from "./contexts/LinkCollectorContext";
import { mergeRenderedHead, pageHead, withRenderedHead, type PageHead, type RenderedHead } from "../core/pageHead";
import { addBaseUrl, normalizePath, routerBasename, splitUrl, stripBaseUrl } from "../core/paths";
import { PageHeadContext } from "./contexts/PageHeadContext";

export { RouteStore } from "./RouteStore";
export { withPageLayout } from "../theme/pageLayouts";
export { withDeferredHtml } from "./deferredHtml";
// For pages the build writes without the bundler (src/node/build/standalonePages.ts).
export { Fragment, jsx, jsxs } from "react/jsx-runtime";
export { default as DeferredHtml } from "../theme/mdx/DeferredHtml";

export interface RenderResult {
  html: string;
  /** Internal links the rendered page holds (navbar, footer and content alike). */
  links: string[];
  head: PageHead;
  status: number;
}

/**
 * Renders one address to HTML. The address may carry the base URL (a dev
 * request) or not (a route path from the build). The store must already hold
 * what the address needs.
 */
export function render(url: string, config: ThemeConfig, assets: SiteAssets, store: RouteStore): RenderResult {
  const { pathname: requested, search, hash } = splitUrl(url);
  const pathname = stripBaseUrl(requested, config.baseUrl) ?? requested;
  const state = store.resolve(pathname);
  if (state.status === "loading") throw new Error(`Cannot render ${url}: its manifest or page module was not loaded before rendering`);
  if (state.status === "error") throw state.error;
  const storage = createSafeStorage(() => undefined, () => undefined);
  // Rendered at the canonical address, as the browser will be once it has normalised it.
  const canonical = state.status === "ready" ? state.route.path : normalizePath(pathname);
  const links = new Set<string>();
  const rendered: RenderedHead = {};
  const html = renderToString(
    <StrictMode>
      <LinkCollectorContext.Provider value={(href) => links.add(href)}>
        <PageHeadContext.Provider value={(head) => mergeRenderedHead(rendered, head)}>
          <StaticRouter basename={routerBasename(config.baseUrl)} location={`${addBaseUrl(canonical, config.baseUrl)}${search}${hash}`}>
            <App config={config} assets={assets} store={store} storage={storage} />
          </StaticRouter>
        </PageHeadContext.Provider>
      </LinkCollectorContext.Provider>
    </StrictMode>,
  );
  const source = state.status === "ready" ? { route: state.route, manifest: state.manifest, frontMatter: state.page.frontMatter } : null;
  const head = withRenderedHead(pageHead(source, config), rendered, config);
  return { html, links: [...links], head, status: state.status === "not-found" ? 404 : 200 };
}
