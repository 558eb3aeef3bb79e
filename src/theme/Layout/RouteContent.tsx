import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ComponentType } from "react";
import { useLocation, useNavigate, useNavigationType } from "../../client/router";
import { useSite } from "../../client/contexts/SiteContext";
import CrashBoundary from "../CrashPage/CrashBoundary";
import DocPage from "../DocPage/DocPage";
import LoadError from "../Loading/LoadError";
import Loading from "../Loading/Loading";
import NotFound from "../NotFound/NotFound";
import { completeNavigation } from "../../client/navigation";
import { applyHead } from "../../client/head";
import { announceRoute } from "../../client/announcer";
import { savedScrollPosition, scrollToHashOrTop, trackScrollFor } from "../../client/scrolling";
import { pageHead } from "../../core/pageHead";
import { normalizePath, samePath } from "../../core/paths";
import { DeferredHtmlContext } from "../../client/contexts/DeferredHtmlContext";
import { RunnableExamplesContext } from "../../client/contexts/RunnableExamplesContext";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The page for the current address: loading, failed, not found, or the page itself. */
export default function RouteContent() {
  const { store, config } = useSite();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const state = store.resolve(location.pathname);
  const firstRender = useRef(true);
  const scrolledFor = useRef(location.pathname);

  useEffect(() => {
    if (state.status === "loading") store.preload(location.pathname).catch(() => undefined);
  }, [state.status, store, location.pathname]);

  useIsomorphicLayoutEffect(() => {
    // The new address has rendered: the route update is complete.
    completeNavigation();
    if (state.status === "loading" || state.status === "error") {
      trackScrollFor(null);
      return;
    }
    // Spec section 2: the address names the route in its own spelling; replacing adds no history entry.
    const canonical = state.status === "ready" ? state.route.path : normalizePath(location.pathname);
    if (canonical !== location.pathname) {
      navigate({ pathname: canonical, search: location.search, hash: location.hash }, { replace: true, state: location.state });
      return;
    }
    const head = pageHead(state.status === "ready" ? { route: state.route, manifest: state.manifest, frontMatter: state.page.frontMatter } : null, config);
    applyHead(head);
    if (firstRender.current) {
      // The browser already placed the first page (and its hash) itself.
      firstRender.current = false;
      trackScrollFor(location.key);
      return;
    }
    // A changed query alone (typing in the search box) is not a new page.
    const newPage = !samePath(scrolledFor.current, location.pathname);
    scrolledFor.current = location.pathname;
    if (newPage) announceRoute(head.title);
    const saved = navigationType === "POP" ? savedScrollPosition(location.key) : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (newPage || location.hash) scrollToHashOrTop(location.hash);
    trackScrollFor(location.key);
  }, [location.key, state.status]);

  let content;
  switch (state.status) {
    case "loading":
      content = <Loading />;
      break;
    case "error":
      content = <LoadError error={state.error} onRetry={() => store.retry(location.pathname).catch(() => undefined)} />;
      break;
    case "not-found":
      content = <NotFound />;
      break;
    case "ready": {
      if (typeof state.page.default !== "function") {
        throw new Error(`The page module for ${state.route.path} (${state.route.chunk}) has no default export; a page must export its component as default.`);
      }
      const Page = state.page.default as ComponentType<Record<string, unknown>>;
      const { route } = state;
      if (route.doc) content = <DocPage route={route} manifest={state.manifest} page={state.page} sidebar={state.sidebar} />;
      else if (route.page && state.page.layout) {
        const Wrapper = state.page.layout as ComponentType<{ data: typeof route.page; page: typeof state.page }>;
        content = <Wrapper data={route.page} page={state.page} />;
      } else content = <Page {...route.page?.props} />;
      if (route.runnable) content = <RunnableExamplesContext.Provider value={route.runnable}>{content}</RunnableExamplesContext.Provider>;
      content = <DeferredHtmlContext.Provider value={state.page.deferredHtml}>{content}</DeferredHtmlContext.Provider>;
    }
  }
  return <CrashBoundary resetKey={location.pathname}>{content}</CrashBoundary>;
}
